import pg from 'pg';

export const BENCH_USERS = 20_000;
export const BENCH_INFLUENCERS = 2_000;
export const BENCH_EVENTS = 100_000;

/** Canonical city names (as api/src/contracts/city.ts names them). */
export const BENCH_CITIES = [
  'Mumbai',
  'Delhi',
  'Bengaluru',
  'Hyderabad',
  'Chennai',
  'Kolkata',
  'Pune',
  'Ahmedabad',
  'Jaipur',
  'Goa',
  'Gurugram',
  'Noida',
  'Chandigarh',
  'Kochi',
  'Lucknow',
  'Indore',
  'Surat',
  'Nagpur',
  'Bhopal',
  'Mysuru',
];

const CATEGORIES = [
  'pubcrawl',
  'travel',
  'gamenights',
  'houseparty',
  'goingout',
  'sports',
  'music',
  'tech',
  'arts',
  'food',
  'fitness',
  'learning',
  'others',
];

const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

/** How many people, hosts among them, and events a seed makes. */
export interface BenchSizes {
  users: number;
  influencers: number;
  events: number;
}

/**
 * 20,000 people (2,000 of them hosts) and 100,000 events (or `sizes`) spread like a live catalogue: dates over
 * the past and the next year (3% "to be decided"), 13 categories, 20 cities, mixed prices and age
 * groups, a few cancelled, unpublished and deleted events. Done in SQL with generate_series; runs
 * only when the bench database does not hold them yet. Returns true when it seeded.
 */
export async function seedBenchData(
  databaseUrl: string,
  log: (line: string) => void,
  sizes: BenchSizes = { users: BENCH_USERS, influencers: BENCH_INFLUENCERS, events: BENCH_EVENTS },
): Promise<boolean> {
  const { users: USERS, influencers: INFLUENCERS, events: EVENTS } = sizes;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    const users = await count(`SELECT count(*) AS n FROM users WHERE email LIKE 'bench.user.%'`);
    const events = await count(`SELECT count(*) AS n FROM event`);
    if (users >= USERS && events >= EVENTS) return false;

    log(`seeding ${USERS} users and ${EVENTS} events ...`);
    const started = Date.now();
    await client.query('BEGIN');
    await client.query('TRUNCATE event_report, event, session RESTART IDENTITY CASCADE');
    await client.query(`DELETE FROM users WHERE email LIKE 'bench.user.%'`);
    await client.query('SELECT setseed(0.42)');
    await client.query(`
      INSERT INTO users (role, name, email, rating, follower_count, verified, instagram_handle, avatar_url, age, gender)
      SELECT CASE WHEN g <= ${INFLUENCERS} THEN 'influencer' ELSE 'fan' END,
             'Bench Person ' || g,
             'bench.user.' || g || '@example.in',
             CASE WHEN g <= ${INFLUENCERS} THEN round((3 + random() * 2)::numeric, 2) END,
             CASE WHEN g <= ${INFLUENCERS} THEN floor(random() * 50000)::int ELSE 0 END,
             g <= ${INFLUENCERS} AND random() < 0.5,
             CASE WHEN g <= ${INFLUENCERS} THEN 'bench_host_' || g END,
             'https://cdn.example.in/avatars/' || g || '.webp',
             18 + floor(random() * 40)::int,
             CASE WHEN random() < 0.5 THEN 'male' ELSE 'female' END
        FROM generate_series(1, ${USERS}) AS g`);
    await client.query(`
      WITH hosts AS (
        SELECT array_agg(id ORDER BY email) AS ids, count(*)::int AS n
          FROM users WHERE role = 'influencer' AND email LIKE 'bench.user.%'),
      r AS (
        SELECT g, random() AS a, random() AS b, random() AS c, random() AS d, random() AS e, random() AS f,
               random() AS h, random() AS i, random() AS j, random() AS k, random() AS l, random() AS m,
               random() AS n, random() AS o, random() AS p, random() AS q
          FROM generate_series(1, ${EVENTS}) AS g),
      v AS (
        SELECT r.*, hosts.ids[1 + floor(h * hosts.n)::int] AS host_id,
               (${sqlArray(BENCH_CITIES)})[1 + floor(c * ${BENCH_CITIES.length})::int] AS city,
               (${sqlArray(CATEGORIES)})[1 + floor(d * ${CATEGORIES.length})::int] AS category,
               18 + floor(m * 40)::int AS age_min
          FROM r CROSS JOIN hosts)
      INSERT INTO event (
        title, description, date, location, city, latitude, longitude, host_id, category, images,
        min_bid, male_price, female_price, pricing_type, capacity, status, cancelled_at, moderation_status,
        age_groups, custom_age_min, custom_age_max, event_type, meetup_type, enable_bidding, deleted_at,
        created_at, updated_at)
      SELECT 'Bench event ' || g,
             repeat('A good evening out with new people. ', 6),
             CASE WHEN a < 0.03 THEN timestamptz '2099-12-31T23:59:59Z'
                  WHEN a < 0.43 THEN now() - b * interval '365 days'
                  ELSE now() + b * interval '365 days' END,
             'Block ' || (g % 97) || ', Main Road, ' || city,
             city,
             8 + c * 20, 70 + d * 20,
             host_id,
             category,
             jsonb_build_array('https://cdn.example.in/e/' || g || '-1.webp', 'https://cdn.example.in/e/' || g || '-2.webp'),
             CASE WHEN e < 0.1 THEN NULL WHEN e < 0.2 THEN NULL ELSE floor(f * 200)::int * 100 END,
             CASE WHEN e < 0.1 THEN (1 + floor(f * 50)::int) * 100 END,
             CASE WHEN e < 0.1 THEN floor(q * 30)::int * 100 END,
             CASE WHEN e < 0.1 THEN 'gender_based' ELSE 'standard' END,
             5 + floor(q * 100)::int,
             CASE WHEN i < 0.04 THEN 'cancelled' ELSE 'active' END,
             CASE WHEN i < 0.04 THEN now() END,
             CASE WHEN j < 0.02 THEN 'pending_review' WHEN j < 0.03 THEN 'rejected' ELSE 'published' END,
             CASE WHEN l < 0.3 THEN '{}'::text[]
                  WHEN l < 0.4 THEN '{open}'::text[]
                  WHEN l < 0.6 THEN ARRAY[(ARRAY['18-30', '31-40', '41-50', '50+'])[1 + floor(m * 4)::int]]
                  WHEN l < 0.8 THEN ARRAY[(ARRAY['18-30', '31-40', '41-50'])[1 + floor(m * 3)::int],
                                          (ARRAY['31-40', '41-50', '50+'])[1 + floor(m * 3)::int]]
                  ELSE '{custom}'::text[] END,
             CASE WHEN l >= 0.8 THEN age_min END,
             CASE WHEN l >= 0.8 THEN least(100, age_min + floor(n * 30)::int) END,
             CASE WHEN o < 0.6 THEN 'in-person' WHEN o < 0.9 THEN 'online' END,
             CASE WHEN p < 0.7 THEN 'confirmed' WHEN p < 0.9 THEN 'curation' ELSE 'plan_together' END,
             p < 0.3,
             CASE WHEN k < 0.01 THEN now() END,
             now() - k * interval '400 days',
             now() - k * interval '200 days'
        FROM v`);
    await client.query('COMMIT');
    // Index-only scans need a fresh visibility map; the planner needs statistics.
    await client.query('VACUUM (ANALYZE) event');
    await client.query('VACUUM (ANALYZE) users');
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
