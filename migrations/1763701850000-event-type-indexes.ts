import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Every other filter column, carried so that a page of ids and a total stay index-only scans. */
const BESIDE_EVENT_TYPE = 'host_id, city_key, category, price_low, price_high, meetup_type, age_groups, custom_age_min, custom_age_max';
const BESIDE_MEETUP_TYPE = 'host_id, city_key, category, price_low, price_high, event_type, age_groups, custom_age_min, custom_age_max';

/** Events that public and discover lists may show, as in migration 1763700100000. */
const LISTED = `status = 'active' AND moderation_status = 'published' AND deleted_at IS NULL`;

/**
 * The meetup type and event type filters in date order (issue 26, the cold path). Without them a
 * total of a filter on either walks every listed event of the date index (a plan chose a sequential
 * scan of the table for the event type with an age group); docs/performance.md has the plans.
 */
export class EventTypeIndexes1763701850000 implements MigrationInterface {
  name = 'EventTypeIndexes1763701850000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX event_listed_meetup_type_date_idx ON event (meetup_type, date, id) INCLUDE (${BESIDE_MEETUP_TYPE}) WHERE ${LISTED}`,
    );
    await queryRunner.query(
      `CREATE INDEX event_listed_event_type_date_idx ON event (event_type, date, id) INCLUDE (${BESIDE_EVENT_TYPE}) WHERE ${LISTED}`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX event_listed_event_type_date_idx');
    await queryRunner.query('DROP INDEX event_listed_meetup_type_date_idx');
  }
}
