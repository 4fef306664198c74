import type pg from 'pg';
import { hashToken, newToken } from '../api/src/modules/auth/token.js';
import { BENCH_CITIES } from './events.seed.js';

/** People who write, comment and like; the first COMMUNITY_HOSTS of them are hosts. */
export const COMMUNITY_PEOPLE = 5_000;
export const COMMUNITY_HOSTS = 300;
export const COMMUNITY_EVENTS = 2_000;
export const COMMUNITY_POSTS = 100_000;
export const COMMUNITY_POST_LIKES = 1_000_000;
export const COMMUNITY_COMMENTS = 300_000;
export const COMMUNITY_COMMENT_LIKES = 150_000;
/** Signed-in readers of the feed: each liked a third of the 1,000 newest posts. */
export const COMMUNITY_VIEWERS = 50;
/** Signed-in people who like and unlike during the bench (no likes of their own before it). */
export const COMMUNITY_LIKERS = 2_000;

export interface CommunitySeed {
  /** Bearer tokens of the viewers and of the likers, in the order of their accounts. */
  viewers: string[];
  likers: string[];
  seconds: number;
}

const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * The community at the size of issue 22, into a freshly migrated database, with SQL and
 * generate_series: 100,000 posts over the past year (one every ~5 minutes; 40 % with 1–4 photos, 20 %
 * about an event, 1 % removed), written mostly by the hosts and the busier fans of 5,000 people;
 * 1,000,000 post likes, skewed (the most liked post has ~3,000, the least liked ~5);
 * 300,000 comments, more of them under newer posts (1 % removed); 150,000 comment likes. Counts on
 * the rows agree with the like and comment rows. Then VACUUM (ANALYZE), so index-only scans and the
 * planner see the data as a live site's would. The viewers' and likers' sessions are made here too.
 */
export async function seedCommunity(client: pg.Client, log: (line: string) => void): Promise<CommunitySeed> {
  const started = Date.now();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const at = Date.now();
    const result = await client.query(sql, params);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  };
  const everyone = COMMUNITY_PEOPLE + COMMUNITY_VIEWERS + COMMUNITY_LIKERS;
  log(
    `seeding ${everyone} people, ${COMMUNITY_POSTS} posts, ${COMMUNITY_POST_LIKES} post likes, ` +
      `${COMMUNITY_COMMENTS} comments, ${COMMUNITY_COMMENT_LIKES} comment likes ...`,
  );
  await client.query('SELECT setseed(0.22)');
  // Sorting a million likes into key order (so the primary key fills in order) wants memory.
  await client.query(`SET work_mem = '256MB'`);
  await client.query(`SET maintenance_work_mem = '256MB'`);
  // Every id below is read from the tables it references, so the foreign key triggers (one lookup per
  // key per row: 6 of the 10 s of the post likes) have nothing to find. Skipping them needs a
  // superuser, as the benches' default database URL is; anyone else seeds with the checks on.
  const checksOff = await client.query(`SET session_replication_role = replica`).then(
    () => true,
    () => false,
  );

  // People 1..PEOPLE write, comment and like; then the viewers; then the likers.
  await step(
    'people',
    `INSERT INTO users (role, name, email, avatar_url, verified, city, created_at)
     SELECT CASE WHEN g <= ${COMMUNITY_HOSTS} THEN 'influencer' ELSE 'fan' END,
            'Bench Person ' || g,
            'bench.community.' || g || '@example.in',
            CASE WHEN random() < 0.85 THEN 'https://cdn.example.in/avatars/' || gen_random_uuid() || '.webp' END,
            g <= ${COMMUNITY_HOSTS} AND random() < 0.6,
            (${sqlArray(BENCH_CITIES)})[1 + floor(random() * ${BENCH_CITIES.length})::int],
            now() - interval '2 years' + g * interval '1 minute'
       FROM generate_series(1, ${everyone}) AS g`,
  );
  await client.query(`
    CREATE TEMP TABLE person AS
    SELECT substring(email FROM '^bench\\.community\\.([0-9]+)@')::int AS n, id, city FROM users WHERE email LIKE 'bench.community.%'`);
  await client.query('ALTER TABLE person ADD PRIMARY KEY (n)');
  await client.query('ANALYZE person');

  await step(
    'events',
    `INSERT INTO event (title, description, date, location, city, host_id, category, min_bid, capacity, created_at)
     SELECT 'Bench meetup ' || g, 'An evening with the tribe.', now() - interval '330 days' + random() * interval '360 days',
            'Main Road, ' || h.city, h.city, h.id,
            (ARRAY['music', 'food', 'travel', 'sports', 'arts', 'tech', 'gamenights'])[1 + g % 7], 500, 50,
            now() - interval '360 days'
       FROM generate_series(1, ${COMMUNITY_EVENTS}) AS g JOIN person h ON h.n = 1 + g % ${COMMUNITY_HOSTS}`,
  );
  await client.query(`CREATE TEMP TABLE bench_event AS SELECT (row_number() OVER (ORDER BY id))::int AS n, id, city FROM event`);
  await client.query('ALTER TABLE bench_event ADD PRIMARY KEY (n)');
  await client.query('ANALYZE bench_event');

  // seq follows g (rows go in in order), and so does created_at: one post every 5 minutes, jittered
  // by less than the step, so newest first by seq is newest first by date.
  await step(
    'posts',
    `WITH r AS MATERIALIZED (
       SELECT g,
              1 + floor(${COMMUNITY_PEOPLE} * random() ^ 2)::int AS author,
              CASE WHEN random() < 0.2 THEN 1 + floor(random() * ${COMMUNITY_EVENTS})::int END AS event,
              CASE WHEN random() < 0.4 THEN 1 + floor(random() * 4)::int ELSE 0 END AS photos,
              floor(random() * 8)::int AS words,
              random() AS x,
              now() - (${COMMUNITY_POSTS} - g) * interval '5 minutes' - random() * interval '4 minutes' AS at
         FROM generate_series(1, ${COMMUNITY_POSTS}) AS g)
     INSERT INTO community_post (author_id, event_id, text, photos, city, created_at, edited_at, removed_at, removed_by)
     SELECT a.id, e.id,
            'Bench post ' || r.g || '. ' || repeat('Met wonderful people and stayed till the very end. ', 1 + r.words),
            ARRAY(SELECT 'https://cdn.example.in/uploads/' || gen_random_uuid() || '.webp' FROM generate_series(1, r.photos)),
            coalesce(e.city, a.city),
            r.at,
            CASE WHEN r.x < 0.05 THEN r.at + interval '10 minutes' END,
            CASE WHEN r.g % 100 = 37 THEN r.at + interval '1 minute' END,
            CASE WHEN r.g % 100 = 37 THEN a.id END
       FROM r
       JOIN person a ON a.n = r.author
       LEFT JOIN bench_event e ON e.n = r.event
      ORDER BY r.g`,
  );

  // The viewers liked every third of the 1,000 newest posts (so the feed's likedByMe has work to do).
  await step(
    "viewers' post likes",
    `INSERT INTO community_post_like (post_id, user_id, created_at)
     SELECT p.id, v.id, p.created_at + (now() - p.created_at) / 2
       FROM community_post p
       JOIN person v ON v.n > ${COMMUNITY_PEOPLE} AND v.n <= ${COMMUNITY_PEOPLE + COMMUNITY_VIEWERS}
      WHERE p.seq > ${COMMUNITY_POSTS - 1000} AND (p.seq + v.n) % 3 = 0`,
  );
  const viewerLikes = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM community_post_like')).rows[0]!.n);

  // Like k goes to the post ranked floor(POSTS × (k / likes)²) in a fixed shuffle of the posts: the
  // top post gets ~3,000 likes, the last ~5. Within a post the likers are consecutive k, mapped to
  // people by k × 7919 mod PEOPLE (7919 is prime to 5,000): distinct, since no post has 5,000 likes.
  const likes = COMMUNITY_POST_LIKES - viewerLikes;
  await step(
    'post likes',
    `WITH ranked AS (
       SELECT (row_number() OVER (ORDER BY md5(seq::text)) - 1)::int AS rank, id, created_at FROM community_post)
     INSERT INTO community_post_like (post_id, user_id, created_at)
     SELECT r.id, u.id, r.created_at + (now() - r.created_at) * k.f ^ 3
       FROM (SELECT k, floor(${COMMUNITY_POSTS} * (k::float8 / ${likes}) ^ 2)::int AS rank, random() AS f
               FROM generate_series(0, ${likes - 1}) AS k) k
       JOIN ranked r ON r.rank = k.rank
       JOIN person u ON u.n = 1 + (k.k::bigint * 7919) % ${COMMUNITY_PEOPLE}
      ORDER BY r.id, u.id`,
  );

  // More comments under newer posts (the post's seq drawn with density rising with seq), most soon
  // after the post; inserted oldest first so seq is in date order.
  await step(
    'comments',
    `WITH r AS MATERIALIZED (
       SELECT g, greatest(1, ceil(${COMMUNITY_POSTS} * sqrt(random())))::bigint AS post_seq,
              1 + floor(random() * ${COMMUNITY_PEOPLE})::int AS author, floor(random() * 5)::int AS words, random() AS f
         FROM generate_series(1, ${COMMUNITY_COMMENTS}) AS g)
     INSERT INTO community_comment (post_id, author_id, text, created_at, removed_at, removed_by)
     SELECT c.post_id, c.author_id, c.text, c.at,
            CASE WHEN c.g % 100 = 59 THEN c.at + interval '1 minute' END,
            CASE WHEN c.g % 100 = 59 THEN c.author_id END
       FROM (SELECT r.g, p.id AS post_id, a.id AS author_id,
                    'Bench comment ' || r.g || ': ' || repeat('So true, see you at the next one! ', 1 + r.words) AS text,
                    p.created_at + (now() - p.created_at) * r.f ^ 4 AS at
               FROM r
               JOIN community_post p ON p.seq = r.post_seq
               JOIN person a ON a.n = r.author) c
      ORDER BY c.at`,
  );

  // The same skew as post likes, over comments: at most ~275 likes on one.
  await step(
    'comment likes',
    `WITH ranked AS (
       SELECT (row_number() OVER (ORDER BY md5(seq::text)) - 1)::int AS rank, id, created_at FROM community_comment)
     INSERT INTO community_comment_like (comment_id, user_id, created_at)
     SELECT r.id, u.id, r.created_at + (now() - r.created_at) * k.f ^ 3
       FROM (SELECT k, floor(${COMMUNITY_COMMENTS} * (k::float8 / ${COMMUNITY_COMMENT_LIKES}) ^ 2)::int AS rank, random() AS f
               FROM generate_series(0, ${COMMUNITY_COMMENT_LIKES - 1}) AS k) k
       JOIN ranked r ON r.rank = k.rank
       JOIN person u ON u.n = 1 + (k.k::bigint * 7919) % ${COMMUNITY_PEOPLE}
      ORDER BY r.id, u.id`,
  );

  // Counts as the API keeps them: every like; comments that are not removed.
  await step(
    'post counts',
    `WITH likes AS (SELECT post_id, count(*)::int AS n FROM community_post_like GROUP BY post_id),
          comments AS (SELECT post_id, count(*)::int AS n FROM community_comment WHERE removed_at IS NULL GROUP BY post_id)
     UPDATE community_post p SET like_count = coalesce(l.n, 0), comment_count = coalesce(c.n, 0)
       FROM community_post q
       LEFT JOIN likes l ON l.post_id = q.id
       LEFT JOIN comments c ON c.post_id = q.id
      WHERE q.id = p.id AND (l.n IS NOT NULL OR c.n IS NOT NULL)`,
  );
  await step(
    'comment counts',
    `UPDATE community_comment c SET like_count = l.n
       FROM (SELECT comment_id, count(*)::int AS n FROM community_comment_like GROUP BY comment_id) l
      WHERE l.comment_id = c.id`,
  );

  const sessions = async (from: number, count: number): Promise<string[]> => {
    const { rows } = await client.query<{ id: string }>('SELECT id FROM person WHERE n > $1 AND n <= $2 ORDER BY n', [from, from + count]);
    const tokens = rows.map(() => newToken());
    await client.query(
      `INSERT INTO session (user_id, token_hash, expires_at)
       SELECT user_id, token_hash, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
      [rows.map((row) => row.id), tokens.map(hashToken)],
    );
    return tokens;
  };
  const viewers = await sessions(COMMUNITY_PEOPLE, COMMUNITY_VIEWERS);
  const likers = await sessions(COMMUNITY_PEOPLE + COMMUNITY_VIEWERS, COMMUNITY_LIKERS);

  const at = Date.now();
  for (const table of [
    'users',
    'event',
    'session',
    'community_post',
    'community_post_like',
    'community_comment',
    'community_comment_like',
  ]) {
    await client.query(`VACUUM (ANALYZE) ${table}`);
  }
  log(`  VACUUM (ANALYZE): ${((Date.now() - at) / 1000).toFixed(1)} s`);
  await client.query('DROP TABLE person, bench_event');
  if (checksOff) await client.query('RESET session_replication_role');
  await client.query('RESET work_mem');
  await client.query('RESET maintenance_work_mem');
  return { viewers, likers, seconds: (Date.now() - started) / 1000 };
}
