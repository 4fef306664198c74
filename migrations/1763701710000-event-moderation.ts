import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Event moderation (issue 24, docs/decisions.md "Event moderation"). An event waits for review from
 * `review_requested_at`: a new one (moderation_status pending_review) or a published one whose
 * title, description or photos an unverified host changed (`pending_changes`, shown to nobody but
 * the host and admins until approved). `moderation_reason` is the last refusal's reason, for the
 * host; `taken_down_at` marks an event an admin cancelled.
 */
export class EventModeration1763701710000 implements MigrationInterface {
  name = 'EventModeration1763701710000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE event
        ADD COLUMN pending_changes jsonb,
        ADD COLUMN review_requested_at timestamptz,
        ADD COLUMN moderation_reason text CHECK (char_length(moderation_reason) <= 500),
        ADD COLUMN taken_down_at timestamptz`);
    await queryRunner.query(`
      CREATE INDEX event_review_queue_idx ON event (review_requested_at, id)
        WHERE review_requested_at IS NOT NULL AND deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX event_review_queue_idx');
    await queryRunner.query(
      'ALTER TABLE event DROP COLUMN pending_changes, DROP COLUMN review_requested_at, DROP COLUMN moderation_reason, DROP COLUMN taken_down_at',
    );
  }
}
