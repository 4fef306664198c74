import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Event reminders (issue 10): when each accepted application's reminders went out, 24 hours and
 * 1 hour before the event, so each goes once whatever the number of worker replicas.
 */
export class ApplicationReminders1763701010000 implements MigrationInterface {
  name = 'ApplicationReminders1763701010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE application ADD COLUMN reminded_day_before_at timestamptz, ADD COLUMN reminded_hour_before_at timestamptz',
    );
    await queryRunner.query(
      `CREATE INDEX application_unreminded_idx ON application (event_id) WHERE status = 'accepted' AND reminded_hour_before_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX application_unreminded_idx');
    await queryRunner.query('ALTER TABLE application DROP COLUMN reminded_day_before_at, DROP COLUMN reminded_hour_before_at');
  }
}
