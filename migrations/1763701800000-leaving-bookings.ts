import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Leaving a booking (issue 25). A fan may leave their own pending or accepted application: status
 * `left`. Each event has the cancellation policy its host picked, and each application keeps the
 * policy its fan saw when joining; bookings made before this change keep the most generous one.
 */
export class LeavingBookings1763701800000 implements MigrationInterface {
  name = 'LeavingBookings1763701800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE application DROP CONSTRAINT application_status_check');
    await queryRunner.query(
      `ALTER TABLE application ADD CONSTRAINT application_status_check
         CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn', 'left'))`,
    );
    const policy = `text NOT NULL DEFAULT 'full_refund_24h' CHECK (cancellation_policy IN ('full_refund_24h', 'half_refund_24h', 'no_refund'))`;
    await queryRunner.query(`ALTER TABLE event ADD COLUMN cancellation_policy ${policy}`);
    await queryRunner.query(`ALTER TABLE application ADD COLUMN cancellation_policy ${policy}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE application DROP COLUMN cancellation_policy');
    await queryRunner.query('ALTER TABLE event DROP COLUMN cancellation_policy');
    await queryRunner.query(`UPDATE application SET status = 'withdrawn' WHERE status = 'left'`);
    await queryRunner.query('ALTER TABLE application DROP CONSTRAINT application_status_check');
    await queryRunner.query(
      `ALTER TABLE application ADD CONSTRAINT application_status_check
         CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn'))`,
    );
  }
}
