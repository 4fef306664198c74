import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Events that public and discover lists may show, as in migration 1763700100000. */
const LISTED = `status = 'active' AND moderation_status = 'published' AND deleted_at IS NULL`;

/**
 * Listed events by their end, for those that have one: the rating prompt asks about events that
 * ended in the last days, and an event of several days started before that window (issue 23).
 */
export class EventEndIndex1763701870000 implements MigrationInterface {
  name = 'EventEndIndex1763701870000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX event_listed_end_idx ON event (end_date) WHERE ${LISTED} AND end_date IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX event_listed_end_idx');
  }
}
