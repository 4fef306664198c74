import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The relay refuses an event whose payload fails its schema: the row records why and leaves the
 * pending index. The reconciler finds the event that started a job from the job's payload, so
 * payloads are indexed for containment (`payload @> '{"userId": …}'`).
 */
export class OutboxRejectionsAndLookup1763700500000 implements MigrationInterface {
  name = 'OutboxRejectionsAndLookup1763700500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE outbox_event ADD COLUMN rejected_at timestamptz, ADD COLUMN rejection text');
    await queryRunner.query('DROP INDEX outbox_event_pending_type_idx');
    await queryRunner.query(
      'CREATE INDEX outbox_event_pending_type_idx ON outbox_event (type, created_at) WHERE published_at IS NULL AND rejected_at IS NULL',
    );
    await queryRunner.query('CREATE INDEX outbox_event_payload_idx ON outbox_event USING gin (payload jsonb_path_ops)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX outbox_event_payload_idx');
    await queryRunner.query('DROP INDEX outbox_event_pending_type_idx');
    await queryRunner.query('CREATE INDEX outbox_event_pending_type_idx ON outbox_event (type, created_at) WHERE published_at IS NULL');
    await queryRunner.query('ALTER TABLE outbox_event DROP COLUMN rejected_at, DROP COLUMN rejection');
  }
}
