import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Analytics (issue 24). analytics_event holds every event the web sent, partitioned by month of
 * occurred_at (UTC months), with no person's id and no address. analytics_daily_count counts them per
 * India day and key page_eventType_action (SPEC §7); analytics_daily_session holds each session once
 * per day with the join funnel steps it reached (a bit each), for daily active sessions and the funnel.
 * All three are written by one statement per batch.
 *
 * analytics_ensure_partitions(ahead) makes the partitions from last month to `ahead` months on; the
 * migration calls it, and a scheduled job (analytics.partitions) calls it daily so that a month's
 * partition exists well before its first event. There is no default partition: an event with no
 * partition would be an error that names the month, never a row parked where a later partition
 * cannot be attached.
 *
 * The dashboard's series read other modules' tables by day: the indexes below keep them to the last
 * 30 days' rows.
 */
export class Analytics1763701740000 implements MigrationInterface {
  name = 'Analytics1763701740000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE analytics_event (
        occurred_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        session_id uuid NOT NULL,
        page text NOT NULL,
        event_type text NOT NULL,
        action text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        device text NOT NULL CHECK (device IN ('mobile', 'tablet', 'desktop'))
      ) PARTITION BY RANGE (occurred_at)`);
    await queryRunner.query(`
      CREATE FUNCTION analytics_ensure_partitions(ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        month_start timestamp := date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 month';
        made integer := 0;
        name text;
      BEGIN
        FOR i IN 0..ahead + 1 LOOP
          name := 'analytics_event_' || to_char(month_start, 'YYYY_MM');
          IF to_regclass(name) IS NULL THEN
            EXECUTE format(
              'CREATE TABLE %I PARTITION OF analytics_event FOR VALUES FROM (%L) TO (%L)',
              name, month_start AT TIME ZONE 'UTC', (month_start + interval '1 month') AT TIME ZONE 'UTC'
            );
            made := made + 1;
          END IF;
          month_start := month_start + interval '1 month';
        END LOOP;
        RETURN made;
      END $$`);
    await queryRunner.query('SELECT analytics_ensure_partitions(2)');
    await queryRunner.query(`
      CREATE TABLE analytics_daily_count (
        day date NOT NULL,
        key text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (day, key)
      )`);
    await queryRunner.query(`
      CREATE TABLE analytics_daily_session (
        day date NOT NULL,
        session_id uuid NOT NULL,
        funnel_steps smallint NOT NULL DEFAULT 0,
        PRIMARY KEY (day, session_id)
      )`);
    await queryRunner.query('CREATE INDEX users_created_idx ON users (created_at)');
    await queryRunner.query('CREATE INDEX event_created_idx ON event (created_at)');
    await queryRunner.query('CREATE INDEX application_created_idx ON application (created_at)');
    await queryRunner.query('CREATE INDEX application_decided_idx ON application (decided_at) WHERE transaction_id IS NOT NULL');
    await queryRunner.query(`CREATE INDEX event_pending_review_idx ON event (created_at) WHERE moderation_status = 'pending_review'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of [
      'users_created_idx',
      'event_created_idx',
      'application_created_idx',
      'application_decided_idx',
      'event_pending_review_idx',
    ]) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
    await queryRunner.query('DROP TABLE analytics_daily_session');
    await queryRunner.query('DROP TABLE analytics_daily_count');
    await queryRunner.query('DROP TABLE analytics_event');
    await queryRunner.query('DROP FUNCTION analytics_ensure_partitions(integer)');
  }
}
