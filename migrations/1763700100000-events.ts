import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Columns every list filter reads, carried in the listing indexes so the page of ids is an index-only scan. */
const FILTER_COLUMNS =
  'host_id, city_key, category, price_low, price_high, meetup_type, event_type, age_groups, custom_age_min, custom_age_max';

/** Events that public and discover lists may show (docs/performance.md). */
const LISTED = `status = 'active' AND moderation_status = 'published' AND deleted_at IS NULL`;

export class Events1763700100000 implements MigrationInterface {
  name = 'Events1763700100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
        description text,
        date timestamptz NOT NULL,
        end_date timestamptz,
        location text,
        city text,
        city_key text GENERATED ALWAYS AS (lower(city)) STORED,
        latitude double precision CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision CHECK (longitude BETWEEN -180 AND 180),
        host_id uuid NOT NULL REFERENCES users (id),
        category text NOT NULL DEFAULT 'others' CHECK (category IN (
          'pubcrawl', 'travel', 'gamenights', 'houseparty', 'goingout', 'sports', 'music', 'tech', 'arts',
          'food', 'fitness', 'learning', 'others')),
        images jsonb NOT NULL DEFAULT '[]',
        video text,
        video_duration double precision CHECK (video_duration >= 0),
        video_url_reference text,
        min_bid integer CHECK (min_bid >= 0),
        male_price integer CHECK (male_price >= 0),
        female_price integer CHECK (female_price >= 0),
        pricing_type text NOT NULL DEFAULT 'standard' CHECK (pricing_type IN ('standard', 'gender_based')),
        price_low integer GENERATED ALWAYS AS (CASE WHEN pricing_type = 'gender_based'
          THEN COALESCE(LEAST(male_price, female_price), 0) ELSE COALESCE(min_bid, 0) END) STORED,
        price_high integer GENERATED ALWAYS AS (CASE WHEN pricing_type = 'gender_based'
          THEN COALESCE(GREATEST(male_price, female_price), 0) ELSE COALESCE(min_bid, 0) END) STORED,
        capacity integer CHECK (capacity > 0),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
        moderation_status text NOT NULL DEFAULT 'published'
          CHECK (moderation_status IN ('published', 'pending_review', 'rejected')),
        age_groups text[] NOT NULL DEFAULT '{}'
          CHECK (age_groups <@ ARRAY['18-30', '31-40', '41-50', '50+', 'open', 'custom']),
        custom_age_min integer CHECK (custom_age_min BETWEEN 18 AND 100),
        custom_age_max integer CHECK (custom_age_max BETWEEN 18 AND 100),
        event_type text,
        meeting_link text,
        enable_bidding boolean NOT NULL DEFAULT false,
        show_attendees boolean NOT NULL DEFAULT true,
        meetup_type text NOT NULL DEFAULT 'confirmed' CHECK (meetup_type IN ('confirmed', 'curation', 'plan_together')),
        estimated_location text,
        estimated_latitude double precision CHECK (estimated_latitude BETWEEN -90 AND 90),
        estimated_longitude double precision CHECK (estimated_longitude BETWEEN -180 AND 180),
        host_contact_number text CHECK (host_contact_number ~ '^\\+91[6-9][0-9]{9}$'),
        host_social_link text,
        attendees_count integer NOT NULL DEFAULT 0 CHECK (attendees_count >= 0),
        cancelled_at timestamptz,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT event_end_after_start CHECK (end_date IS NULL OR end_date > date),
        CONSTRAINT event_custom_age_pair CHECK ((custom_age_min IS NULL) = (custom_age_max IS NULL)),
        CONSTRAINT event_custom_age_order CHECK (custom_age_min <= custom_age_max),
        CONSTRAINT event_gender_prices CHECK (
          pricing_type <> 'gender_based' OR (male_price IS NOT NULL AND female_price IS NOT NULL))
      )`);

    // Discover and public lists without a narrowing filter, and their totals: a slim index, so that
    // counting every listed event reads few pages.
    await queryRunner.query(`CREATE INDEX event_listed_slim_idx ON event (date, id) INCLUDE (host_id) WHERE ${LISTED}`);
    // Discover and public lists filtered on age, price, meetup or event type, in date order (both
    // directions): the filter columns ride along, so pages and totals stay index-only.
    await queryRunner.query(`CREATE INDEX event_listed_date_idx ON event (date, id) INCLUDE (${FILTER_COLUMNS}) WHERE ${LISTED}`);
    // The city filter (SPEC §2 /city-filter): one city's events in date order.
    await queryRunner.query(
      `CREATE INDEX event_listed_city_date_idx ON event (city_key, date, id) INCLUDE (${FILTER_COLUMNS}) WHERE ${LISTED}`,
    );
    // The category filter: one category's events in date order.
    await queryRunner.query(
      `CREATE INDEX event_listed_category_date_idx ON event (category, date, id) INCLUDE (${FILTER_COLUMNS}) WHERE ${LISTED}`,
    );
    // A host's own events (influencer home, /users/{id}/events, ownership checks), any status.
    await queryRunner.query('CREATE INDEX event_host_date_idx ON event (host_id, date, id) WHERE deleted_at IS NULL');

    // The influencer directory (GET /users/influencers): most followed first, then best rated.
    await queryRunner.query(
      `CREATE INDEX users_influencer_directory_idx ON users (follower_count DESC, rating DESC NULLS LAST, id)
        WHERE role = 'influencer' AND deleted_at IS NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE event_report (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES event (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id),
        reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 1000),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolved_by uuid REFERENCES users (id)
      )`);
    // One open report per person per event; a resolved one may be followed by a new report.
    await queryRunner.query(`CREATE UNIQUE INDEX event_report_open_key ON event_report (event_id, reporter_id) WHERE status = 'open'`);
    // The admin moderation queue, oldest first.
    await queryRunner.query(`CREATE INDEX event_report_open_idx ON event_report (created_at) WHERE status = 'open'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE event_report');
    await queryRunner.query('DROP INDEX users_influencer_directory_idx');
    await queryRunner.query('DROP TABLE event');
  }
}
