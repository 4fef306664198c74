import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A review its rater deletes while it has open reports is `withdrawn`, not deleted: it stops being
 * shown or counted as a deleted one does, and stays for the reports queue with its reports (a delete
 * took them with it by cascade) and for the one-rating-per-event index (no posting it again).
 */
export class RatingsWithdrawn1763701890000 implements MigrationInterface {
  name = 'RatingsWithdrawn1763701890000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE rating DROP CONSTRAINT rating_status_check');
    await queryRunner.query(
      `ALTER TABLE rating ADD CONSTRAINT rating_status_check CHECK (status IN ('published', 'withdrawn', 'removed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Withdrawn reviews were hidden, as removed ones are.
    await queryRunner.query(`UPDATE rating SET status = 'removed' WHERE status = 'withdrawn'`);
    await queryRunner.query('ALTER TABLE rating DROP CONSTRAINT rating_status_check');
    await queryRunner.query(`ALTER TABLE rating ADD CONSTRAINT rating_status_check CHECK (status IN ('published', 'removed'))`);
  }
}
