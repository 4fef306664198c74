import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * When an account is erased, the photos and videos shown on the events the person hosted stay as
 * history; the events module marks them retained before the uploads module erases the rest.
 */
export class MediaRetained1763700600000 implements MigrationInterface {
  name = 'MediaRetained1763700600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE media ADD COLUMN retained_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE media DROP COLUMN retained_at');
  }
}
