import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The platform fee rate a payment was captured at, which its tax invoice prints and its event's
 * payout works with: a change of PLATFORM_FEE_PERCENT applies to payments captured after it, and
 * no longer reprices what was invoiced (or paid out) before. Payments already invoiced take their
 * invoice's rate; the others keep none, and are worked at the rate of the day, as before.
 */
export class PaymentFeeRate1763701910000 implements MigrationInterface {
  name = 'PaymentFeeRate1763701910000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE payment_transaction ADD COLUMN platform_fee_rate numeric(5, 2) CHECK (platform_fee_rate >= 0 AND platform_fee_rate <= 50)',
    );
    await queryRunner.query(
      `UPDATE payment_transaction t SET platform_fee_rate = i.platform_fee_rate
         FROM invoice i WHERE i.transaction_id = t.id AND i.kind = 'invoice'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE payment_transaction DROP COLUMN platform_fee_rate');
  }
}
