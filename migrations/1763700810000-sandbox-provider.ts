import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The payment sandbox's own records (the provider's side of a payment, as Razorpay keeps it), in a
 * schema of their own: the product's tables never join them. Amounts are paise, as Razorpay counts.
 */
export class SandboxProvider1763700810000 implements MigrationInterface {
  name = 'SandboxProvider1763700810000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SCHEMA sandbox');
    await queryRunner.query(`
      CREATE TABLE sandbox.orders (
        id text PRIMARY KEY,
        amount bigint NOT NULL CHECK (amount > 0),
        receipt text NOT NULL,
        notes jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'attempted', 'paid')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sandbox.payments (
        id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES sandbox.orders (id),
        amount bigint NOT NULL CHECK (amount > 0),
        status text NOT NULL CHECK (status IN ('created', 'authorized', 'captured', 'refunded', 'failed')),
        capture_count integer NOT NULL DEFAULT 0,
        captured_at timestamptz,
        released_at timestamptz,
        error_reason text,
        error_description text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX sandbox_payments_order_idx ON sandbox.payments (order_id)');
    await queryRunner.query(`
      CREATE TABLE sandbox.refunds (
        id text PRIMARY KEY,
        payment_id text NOT NULL REFERENCES sandbox.payments (id),
        amount bigint NOT NULL CHECK (amount > 0),
        idempotency_key text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sandbox_refunds_payment_key_key UNIQUE (payment_id, idempotency_key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP SCHEMA sandbox CASCADE');
  }
}
