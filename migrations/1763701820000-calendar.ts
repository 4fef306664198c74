import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Calendar invites and feeds (issue 25). event.calendar_sequence is the iCalendar SEQUENCE of the
 * event's invite: bumped in the UPDATE that changes what an invite shows (title, description, dates,
 * place, cancellation), never by other writes. calendar_feed holds one secret feed per person, as the
 * SHA-256 of its token only (the URL is shown once, when made); rotating replaces the row's hash.
 */
export class Calendar1763701820000 implements MigrationInterface {
  name = 'Calendar1763701820000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE event ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0');
    await queryRunner.query(`
      CREATE TABLE calendar_feed (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE calendar_feed');
    await queryRunner.query('ALTER TABLE event DROP COLUMN calendar_sequence');
  }
}
