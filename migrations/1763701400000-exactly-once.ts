import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Exactly once (issue 20). A provider webhook is recorded once by what it says as well as by its
 * delivery id: `subject` is the event type with its payment or refund id, unique per provider, so a
 * signed body replayed under a new (or no) event id is not stored again. Rows from before have none.
 *
 * A fan has at most one unpaid order per event: a transaction may now expire (`created → expired`,
 * replaced by a newer order or swept when never paid), and a partial unique index keeps one
 * `created` row per payer and event. Older duplicates expire here, the newest staying open.
 */
export class ExactlyOnce1763701400000 implements MigrationInterface {
  name = 'ExactlyOnce1763701400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE provider_event ADD COLUMN subject text');
    await queryRunner.query('CREATE UNIQUE INDEX provider_event_subject_idx ON provider_event (provider, subject)');

    await queryRunner.query('ALTER TABLE payment_transaction DROP CONSTRAINT payment_transaction_state_check');
    await queryRunner.query(
      `ALTER TABLE payment_transaction ADD CONSTRAINT payment_transaction_state_check
         CHECK (state IN ('created', 'authorized', 'capturing', 'captured', 'releasing', 'released', 'refunded', 'failed', 'expired'))`,
    );
    await queryRunner.query(
      `UPDATE payment_transaction t SET state = 'expired', failure_reason = 'Replaced by a newer order for this event.',
              state_changed_at = now(), updated_at = now()
        WHERE t.state = 'created' AND EXISTS (
          SELECT 1 FROM payment_transaction newer
           WHERE newer.payer_id = t.payer_id AND newer.event_id = t.event_id AND newer.state = 'created'
             AND (newer.created_at, newer.id) > (t.created_at, t.id))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX payment_transaction_open_order_idx ON payment_transaction (payer_id, event_id) WHERE state = 'created'`,
    );
    await queryRunner.query(`CREATE INDEX payment_transaction_unpaid_idx ON payment_transaction (created_at) WHERE state = 'created'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX payment_transaction_unpaid_idx');
    await queryRunner.query('DROP INDEX payment_transaction_open_order_idx');
    await queryRunner.query(`UPDATE payment_transaction SET state = 'failed' WHERE state = 'expired'`);
    await queryRunner.query('ALTER TABLE payment_transaction DROP CONSTRAINT payment_transaction_state_check');
    await queryRunner.query(
      `ALTER TABLE payment_transaction ADD CONSTRAINT payment_transaction_state_check
         CHECK (state IN ('created', 'authorized', 'capturing', 'captured', 'releasing', 'released', 'refunded', 'failed'))`,
    );
    await queryRunner.query('DROP INDEX provider_event_subject_idx');
    await queryRunner.query('ALTER TABLE provider_event DROP COLUMN subject');
  }
}
