import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Events no job consumes yet (event.cancelled until refunds and notifications land) stay pending in
 * the outbox. The relay asks only for routed types, so pending rows are found by type first: a
 * poll reads the few routed rows, never the growing pile of unrouted ones.
 */
export class OutboxPendingByType1763700400000 implements MigrationInterface {
  name = 'OutboxPendingByType1763700400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX outbox_event_pending_type_idx ON outbox_event (type, created_at) WHERE published_at IS NULL');
    await queryRunner.query('DROP INDEX outbox_event_unpublished_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX outbox_event_unpublished_idx ON outbox_event (created_at) WHERE published_at IS NULL');
    await queryRunner.query('DROP INDEX outbox_event_pending_type_idx');
  }
}
