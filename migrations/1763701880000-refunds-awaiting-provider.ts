import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * A refund the provider accepted but has not processed yet (Razorpay's normal refunds take days) is
 * 'sent': its provider id is known, its money is still reserved, and it becomes processed or failed
 * when the provider's webhook says so, or when the hourly check asks (checked_at: when it last did).
 */
export class RefundsAwaitingProvider1763701880000 implements MigrationInterface {
  name = 'RefundsAwaitingProvider1763701880000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE payment_refund DROP CONSTRAINT payment_refund_status_check');
    await queryRunner.query(
      `ALTER TABLE payment_refund ADD CONSTRAINT payment_refund_status_check CHECK (status IN ('pending', 'sent', 'processed', 'failed'))`,
    );
    await queryRunner.query('ALTER TABLE payment_refund ADD COLUMN checked_at timestamptz');
    await queryRunner.query(`CREATE INDEX payment_refund_sent_idx ON payment_refund (checked_at) WHERE status = 'sent'`);
    await queryRunner.query(
      'CREATE INDEX payment_refund_provider_idx ON payment_refund (provider_refund_id) WHERE provider_refund_id IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_refund_provider_idx');
    await queryRunner.query('DROP INDEX payment_refund_sent_idx');
    await queryRunner.query('ALTER TABLE payment_refund DROP COLUMN checked_at');
    // A refund still awaiting the provider is sent again by the refund job (its key finds the same refund).
    await queryRunner.query(`UPDATE payment_refund SET status = 'pending' WHERE status = 'sent'`);
    await queryRunner.query('ALTER TABLE payment_refund DROP CONSTRAINT payment_refund_status_check');
    await queryRunner.query(
      `ALTER TABLE payment_refund ADD CONSTRAINT payment_refund_status_check CHECK (status IN ('pending', 'processed', 'failed'))`,
    );
  }
}
