import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Applications and payments. A payment_transaction is one checkout attempt (unique per payer and
 * tempBidId, so a retried pre-authorisation finds its order); its state follows the machine in
 * payments/transaction-state.ts. An application is created from an authorised transaction (or
 * directly for a free event); at most one live (pending or accepted) application per fan and event.
 * provider_event holds each webhook's provider event id once. notification holds in-app
 * notifications (the notifications issue delivers them).
 */
export class ApplicationsPayments1763700800000 implements MigrationInterface {
  name = 'ApplicationsPayments1763700800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payment_transaction (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payer_id uuid NOT NULL REFERENCES users(id),
        event_id uuid NOT NULL REFERENCES event(id),
        temp_bid_id text NOT NULL,
        provider text NOT NULL,
        order_id text UNIQUE,
        payment_id text UNIQUE,
        signature text,
        amount integer NOT NULL CHECK (amount > 0),
        message text,
        state text NOT NULL DEFAULT 'created'
          CHECK (state IN ('created', 'authorized', 'capturing', 'captured', 'releasing', 'released', 'refunded', 'failed')),
        captured_amount integer NOT NULL DEFAULT 0 CHECK (captured_amount >= 0),
        refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= captured_amount),
        failure_reason text,
        order_claimed_at timestamptz NOT NULL DEFAULT now(),
        authorized_at timestamptz,
        state_changed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (payer_id, temp_bid_id)
      )`);
    await queryRunner.query('CREATE INDEX payment_transaction_payer_idx ON payment_transaction (payer_id, created_at DESC)');
    await queryRunner.query('CREATE INDEX payment_transaction_event_idx ON payment_transaction (event_id)');
    await queryRunner.query(
      `CREATE INDEX payment_transaction_due_idx ON payment_transaction (state, state_changed_at)
        WHERE state IN ('authorized', 'capturing', 'releasing')`,
    );
    await queryRunner.query(`
      CREATE TABLE payment_refund (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        transaction_id uuid NOT NULL REFERENCES payment_transaction(id),
        amount integer NOT NULL CHECK (amount > 0),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'failed')),
        provider_refund_id text,
        reason text,
        requested_by uuid REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX payment_refund_transaction_idx ON payment_refund (transaction_id)');
    await queryRunner.query(`CREATE INDEX payment_refund_pending_idx ON payment_refund (created_at) WHERE status = 'pending'`);
    await queryRunner.query(`
      CREATE TABLE provider_event (
        id text PRIMARY KEY,
        provider text NOT NULL,
        type text NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE application (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES event(id),
        fan_id uuid NOT NULL REFERENCES users(id),
        transaction_id uuid UNIQUE REFERENCES payment_transaction(id),
        bid_amount integer NOT NULL DEFAULT 0 CHECK (bid_amount >= 0),
        message text,
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn')),
        payment_authorized_at timestamptz,
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX application_live_key ON application (event_id, fan_id) WHERE status IN ('pending', 'accepted')`,
    );
    await queryRunner.query('CREATE INDEX application_event_idx ON application (event_id, status, created_at DESC)');
    await queryRunner.query('CREATE INDEX application_fan_idx ON application (fan_id, created_at DESC)');
    await queryRunner.query(
      `CREATE INDEX application_capture_window_idx ON application (payment_authorized_at) WHERE status = 'pending' AND transaction_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE notification (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id),
        type text NOT NULL,
        event_id uuid,
        event_title text,
        application_id uuid,
        fan_id uuid,
        amount integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX notification_user_idx ON notification (user_id, created_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notification');
    await queryRunner.query('DROP TABLE application');
    await queryRunner.query('DROP TABLE provider_event');
    await queryRunner.query('DROP TABLE payment_refund');
    await queryRunner.query('DROP TABLE payment_transaction');
  }
}
