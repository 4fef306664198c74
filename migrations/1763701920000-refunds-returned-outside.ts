import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A refund an admin returned outside Tribe (a bank transfer, after the provider failed one): a
 * processed refund with the transfer's reference and no provider refund. One reference records one
 * refund of a payment, so a form sent twice records it once.
 */
export class RefundsReturnedOutside1763701920000 implements MigrationInterface {
  name = 'RefundsReturnedOutside1763701920000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE payment_refund ADD COLUMN outside_reference text
         CHECK (outside_reference IS NULL OR (status = 'processed' AND provider_refund_id IS NULL))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX payment_refund_outside_reference_idx ON payment_refund (transaction_id, outside_reference)
        WHERE outside_reference IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_refund_outside_reference_idx');
    await queryRunner.query('ALTER TABLE payment_refund DROP COLUMN outside_reference');
  }
}
