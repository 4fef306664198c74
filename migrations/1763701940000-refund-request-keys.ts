import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A refund asked for with a request key (a form's, made when it was shown): one key records one refund of a payment. */
export class RefundRequestKeys1763701940000 implements MigrationInterface {
  name = 'RefundRequestKeys1763701940000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE payment_refund ADD COLUMN request_key uuid');
    await queryRunner.query(
      `CREATE UNIQUE INDEX payment_refund_request_key_idx ON payment_refund (transaction_id, request_key) WHERE request_key IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_refund_request_key_idx');
    await queryRunner.query('ALTER TABLE payment_refund DROP COLUMN request_key');
  }
}
