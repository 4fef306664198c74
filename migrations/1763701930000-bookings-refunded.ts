import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A booking its host or an admin refunded in full before the event ends: status `refunded`. The
 * payments given back in full are few, and the reconciler looks for accepted bookings among them.
 */
export class BookingsRefunded1763701930000 implements MigrationInterface {
  name = 'BookingsRefunded1763701930000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE application DROP CONSTRAINT application_status_check');
    await queryRunner.query(
      `ALTER TABLE application ADD CONSTRAINT application_status_check
         CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn', 'left', 'refunded'))`,
    );
    await queryRunner.query(
      `CREATE INDEX payment_transaction_returned_in_full_idx ON payment_transaction (id)
        WHERE captured_amount > 0 AND refunded_amount >= captured_amount`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_transaction_returned_in_full_idx');
    await queryRunner.query(`UPDATE application SET status = 'cancelled' WHERE status = 'refunded'`);
    await queryRunner.query('ALTER TABLE application DROP CONSTRAINT application_status_check');
    await queryRunner.query(
      `ALTER TABLE application ADD CONSTRAINT application_status_check
         CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn', 'left'))`,
    );
  }
}
