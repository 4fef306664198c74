import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Community (issue 22): posts, comments, their likes, follows and reports of content.
 * - Every list is keyset-paged on `seq` (an identity in insertion order): page 50 costs what page 1 does.
 * - like_count and comment_count live on their rows and move in the transaction that adds or removes
 *   the like or comment (the row lock orders concurrent likers), so counts stay exact.
 * - city is the event's city, or the author's when the post names no event; city_key its lower case
 *   (the same canonical name and comparison as event.city_key and users.city_key).
 * - A removed post or comment keeps its row (removed_at, removed_by) until the account that wrote it
 *   is erased; nothing removed is read.
 * - user_follow: one row per (follower, followed); users.follower_count moves with it.
 * - notification.group_key / actor_ids: likes and comments on one post gather in one unread
 *   notification ("Priya and 4 others liked your post"); actor_ids holds the distinct people (at
 *   most 1,000), so a repeated job adds nobody twice.
 */
export class Community1763701500000 implements MigrationInterface {
  name = 'Community1763701500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE community_post (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        author_id uuid NOT NULL REFERENCES users (id),
        event_id uuid REFERENCES event (id),
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
        photos text[] NOT NULL DEFAULT '{}' CHECK (cardinality(photos) <= 10),
        city text,
        city_key text GENERATED ALWAYS AS (lower(city)) STORED,
        like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
        comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz,
        removed_at timestamptz,
        removed_by uuid REFERENCES users (id)
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX community_post_seq_idx ON community_post (seq)');
    await queryRunner.query('CREATE INDEX community_post_feed_idx ON community_post (seq DESC) WHERE removed_at IS NULL');
    await queryRunner.query('CREATE INDEX community_post_author_idx ON community_post (author_id, seq DESC) WHERE removed_at IS NULL');
    await queryRunner.query('CREATE INDEX community_post_event_idx ON community_post (event_id, seq DESC) WHERE removed_at IS NULL');
    await queryRunner.query('CREATE INDEX community_post_city_idx ON community_post (city_key, seq DESC) WHERE removed_at IS NULL');

    await queryRunner.query(`
      CREATE TABLE community_comment (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        post_id uuid NOT NULL REFERENCES community_post (id) ON DELETE CASCADE,
        author_id uuid NOT NULL REFERENCES users (id),
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 1000),
        like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz,
        removed_at timestamptz,
        removed_by uuid REFERENCES users (id)
      )`);
    await queryRunner.query('CREATE INDEX community_comment_post_idx ON community_comment (post_id, seq) WHERE removed_at IS NULL');
    await queryRunner.query('CREATE INDEX community_comment_author_idx ON community_comment (author_id)');
    // The notification jobs' findDue reads the last hour's likes and comments, and the last day's event posts.
    await queryRunner.query('CREATE INDEX community_comment_created_idx ON community_comment (created_at) WHERE removed_at IS NULL');
    await queryRunner.query(
      'CREATE INDEX community_post_event_created_idx ON community_post (created_at) WHERE event_id IS NOT NULL AND removed_at IS NULL',
    );

    await queryRunner.query(`
      CREATE TABLE community_post_like (
        post_id uuid NOT NULL REFERENCES community_post (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (post_id, user_id)
      )`);
    await queryRunner.query('CREATE INDEX community_post_like_user_idx ON community_post_like (user_id)');
    await queryRunner.query('CREATE INDEX community_post_like_created_idx ON community_post_like (created_at)');

    await queryRunner.query(`
      CREATE TABLE community_comment_like (
        comment_id uuid NOT NULL REFERENCES community_comment (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (comment_id, user_id)
      )`);
    await queryRunner.query('CREATE INDEX community_comment_like_user_idx ON community_comment_like (user_id)');

    await queryRunner.query(`
      CREATE TABLE community_report (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        reporter_id uuid NOT NULL REFERENCES users (id),
        post_id uuid REFERENCES community_post (id) ON DELETE CASCADE,
        comment_id uuid REFERENCES community_comment (id) ON DELETE CASCADE,
        reason text NOT NULL,
        details text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((post_id IS NULL) <> (comment_id IS NULL))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX community_report_one_open_post_idx ON community_report (reporter_id, post_id) WHERE status = 'open' AND post_id IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX community_report_one_open_comment_idx ON community_report (reporter_id, comment_id) WHERE status = 'open' AND comment_id IS NOT NULL`,
    );
    await queryRunner.query('CREATE INDEX community_report_status_created_idx ON community_report (status, created_at DESC)');

    await queryRunner.query(`
      CREATE TABLE user_follow (
        follower_id uuid NOT NULL REFERENCES users (id),
        followed_id uuid NOT NULL REFERENCES users (id),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (follower_id, followed_id),
        CHECK (follower_id <> followed_id)
      )`);
    await queryRunner.query('CREATE INDEX user_follow_followed_idx ON user_follow (followed_id, seq DESC)');
    await queryRunner.query('CREATE INDEX user_follow_follower_idx ON user_follow (follower_id, seq DESC)');

    await queryRunner.query(`
      ALTER TABLE notification
        ADD COLUMN group_key text,
        ADD COLUMN actor_ids uuid[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX notification_open_group_idx ON notification (user_id, group_key) WHERE group_key IS NOT NULL AND read_at IS NULL AND dismissed_at IS NULL',
    );
    // Whether a person was told of a like or comment, read or not (the community jobs' findDue).
    await queryRunner.query('CREATE INDEX notification_group_idx ON notification (user_id, group_key) WHERE group_key IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX notification_group_idx');
    await queryRunner.query('DROP INDEX notification_open_group_idx');
    await queryRunner.query('ALTER TABLE notification DROP COLUMN group_key, DROP COLUMN actor_ids');
    await queryRunner.query('DROP TABLE user_follow');
    await queryRunner.query('DROP TABLE community_report');
    await queryRunner.query('DROP TABLE community_comment_like');
    await queryRunner.query('DROP TABLE community_post_like');
    await queryRunner.query('DROP TABLE community_comment');
    await queryRunner.query('DROP TABLE community_post');
  }
}
