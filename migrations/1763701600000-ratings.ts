import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Ratings and reviews (issue 23).
 * - rating: one per rater and event (the rated host is the event's); the two stars and their mean;
 *   the host's one reply. `status` removed by moderation stops it counting.
 * - rating_report: reports of a review for the admins' queue (one open per reporter and review).
 * - rating_prompt: which attendees were asked to rate an event and when reminded, so the prompt
 *   job (PostgreSQL says who is due) asks each person once and reminds once.
 * - users.rating (numeric(3,2), shown on every host card) stays, and users.rating_count joins it,
 *   both written in the same transaction as every rating change from the ratings themselves; the
 *   seeded numbers are cleared.
 */
export class Ratings1763701600000 implements MigrationInterface {
  name = 'Ratings1763701600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rating (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        rater_id uuid NOT NULL REFERENCES users (id),
        rated_influencer_id uuid NOT NULL REFERENCES users (id),
        event_id uuid NOT NULL REFERENCES event (id),
        application_id uuid NOT NULL REFERENCES application (id),
        host_rating smallint NOT NULL CHECK (host_rating BETWEEN 1 AND 5),
        event_rating smallint NOT NULL CHECK (event_rating BETWEEN 1 AND 5),
        host_review text CHECK (char_length(host_review) <= 1000),
        event_review text CHECK (char_length(event_review) <= 1000),
        average_rating numeric(2, 1) GENERATED ALWAYS AS ((host_rating + event_rating) / 2.0) STORED,
        status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'removed')),
        reply_text text CHECK (char_length(reply_text) BETWEEN 1 AND 1000),
        replied_at timestamptz,
        reply_edited_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (rater_id <> rated_influencer_id)
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX rating_one_per_event_idx ON rating (rater_id, event_id, rated_influencer_id)');
    await queryRunner.query(`CREATE INDEX rating_host_idx ON rating (rated_influencer_id, created_at DESC, id) WHERE status = 'published'`);
    await queryRunner.query(`CREATE INDEX rating_event_idx ON rating (event_id, created_at DESC) WHERE status = 'published'`);

    await queryRunner.query(`
      CREATE TABLE rating_report (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reporter_id uuid NOT NULL REFERENCES users (id),
        rating_id uuid NOT NULL REFERENCES rating (id) ON DELETE CASCADE,
        reason text NOT NULL,
        details text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX rating_report_one_open_idx ON rating_report (reporter_id, rating_id) WHERE status = 'open'`,
    );
    await queryRunner.query('CREATE INDEX rating_report_status_created_idx ON rating_report (status, created_at DESC)');
    // A rating taken back deletes its reports (ON DELETE CASCADE), found by this index.
    await queryRunner.query('CREATE INDEX rating_report_rating_idx ON rating_report (rating_id)');

    await queryRunner.query(`
      CREATE TABLE rating_prompt (
        event_id uuid NOT NULL REFERENCES event (id),
        fan_id uuid NOT NULL REFERENCES users (id),
        prompted_at timestamptz NOT NULL DEFAULT now(),
        reminded_at timestamptz,
        PRIMARY KEY (event_id, fan_id)
      )`);
    await queryRunner.query('CREATE INDEX rating_prompt_remind_idx ON rating_prompt (prompted_at) WHERE reminded_at IS NULL');

    await queryRunner.query('UPDATE users SET rating = NULL WHERE rating IS NOT NULL');
    await queryRunner.query('ALTER TABLE users ADD COLUMN rating_count integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN rating_count');
    await queryRunner.query('DROP TABLE rating_prompt');
    await queryRunner.query('DROP TABLE rating_report');
    await queryRunner.query('DROP TABLE rating');
  }
}
