import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The sweep of unused uploads: `sweep_checked_at` is when the sweep last found an upload in use (or
 * put off one it could not delete), so each run looks first at uploads never checked, then at those
 * checked longest ago, and a referenced upload is looked at again only after the grace period.
 */
export class MediaSweep1763700710000 implements MigrationInterface {
  name = 'MediaSweep1763700710000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE media ADD COLUMN sweep_checked_at timestamptz');
    await queryRunner.query('CREATE INDEX media_sweep_idx ON media (sweep_checked_at NULLS FIRST, created_at) WHERE retained_at IS NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX media_sweep_idx');
    await queryRunner.query('ALTER TABLE media DROP COLUMN sweep_checked_at');
  }
}
