import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type FeedView, type LikeView } from '../api/src/contracts/community.contract.js';
import { hashToken } from '../api/src/modules/auth/token.js';
import { benchConfig, endRun, freshDatabase, runBench, startApi } from './bench-processes.js';
import {
  COMMUNITY_COMMENT_LIKES,
  COMMUNITY_COMMENTS,
  COMMUNITY_LIKERS,
  COMMUNITY_POST_LIKES,
  COMMUNITY_POSTS,
  COMMUNITY_VIEWERS,
  seedCommunity,
} from './community.seed.js';

/**
 * npm run bench:community [-- --explain]
 *
 * The community feed and likes at the size of issue 22: a fresh database (tribe_bench_community,
 * kept afterwards for EXPLAIN) seeded with SQL with 100,000 posts, 1,000,000 post likes and 300,000
 * comments (community.seed.ts), the real API in this process, autocannon in a child process
 * (load-runner.ts) at 50 connections, 1 s of warm-up then BENCH_SECONDS of measurement per scenario:
 *
 * - the feed's first page, signed in as 50 people who each liked a third of the newest 1,000 posts;
 * - page 50 (the cursor found by following nextCursor 49 times), the same people;
 * - the first page as a guest (figures only);
 * - likes: 2,000 signed-in people set {liked: true} on ten posts among the 2,000 newest, then
 *   {liked: false} on the same ten, and so on, each request changing a like.
 *
 * Targets (issue 22): feed first page p99 ≤ 25 ms; page 50 p99 ≤ 1.5 × page 1 p99; likes p99 ≤ 25 ms.
 * Then one request of each kind is recorded (every statement the API sent and its wait), and the
 * feed's statements are explained (EXPLAIN ANALYZE, BUFFERS) in one line each. With --explain it
 * seeds, prints the feed's plans in full and stops. Prints figures and MET/MISSED; never fails on time.
 *
 *   BENCH_COMMUNITY_DATABASE_URL, BENCH_SECONDS (5), BENCH_CONNECTIONS (50)
 */

const DATABASE_URL = process.env.BENCH_COMMUNITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_community';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_P99_MS = 25;
const TARGET_PAGE_RATIO = 1.5;
const PAGE_DEEP = 50;
/** Likes go to the newest posts: what people scroll past and tap. */
const LIKED_POSTS = 2_000;
/** Each liker sets ten likes, then takes the same ten back. */
const LIKE_RUN = 10;
const FEED = '/api/v1/community/posts/interactions';
const log = (line: string) => console.log(line);

type BenchRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

const signedIn = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** One scenario, measured by load-runner.ts in a child process (after its own warm-up, if any). */
async function load(url: string, requests: BenchRequest[], seconds = SECONDS, warmupSeconds = 1): Promise<Result> {
  const runner = fileURLToPath(new URL('./load-runner.js', import.meta.url));
  const child = spawn(process.execPath, [runner], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.end(JSON.stringify({ url, connections: CONNECTIONS, seconds, warmupSeconds, requests }));
  const code = await exited;
  if (code !== 0) throw new Error(`load runner exited with ${code}`);
  return JSON.parse(Buffer.concat(output).toString('utf8')) as Result;
}

/** autocannon counts every answer but times only 2xx ones: a scenario counts only if all were 2xx. */
function failures(result: Result): string | null {
  if (result.non2xx === 0 && result.errors === 0 && result.timeouts === 0) return null;
  const codes = (result as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const other = Object.entries(codes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`);
  return [...other, result.errors ? `${result.errors} errors` : '', result.timeouts ? `${result.timeouts} timeouts` : '']
    .filter(Boolean)
    .join(', ');
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

// ---- What the API sends PostgreSQL for one request ----

interface Statement {
  text: string;
  values: unknown[];
  /** Set for named (prepared) statements. */
  name?: string;
  /** From the call to its answer, as the API waits for it. */
  ms: number;
}

/**
 * Every statement sent on any pg client of this process during `work`, with its wait. The
 * API runs in this process and both TypeORM and the prepared statements go through pg.Client#query,
 * so one request recorded alone shows what it costs the database, whatever the module's code.
 */
const recorder = (() => {
  let statements: Statement[] | null = null;
  // Called with the client as `this`, as pg calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
    const into = statements;
    if (!into) return original.apply(this, args);
    const [config, values] = args as [string | { text: string; name?: string; values?: unknown[] }, unknown];
    const statement: Statement =
      typeof config === 'string'
        ? { text: config, values: Array.isArray(values) ? values : [], ms: 0 }
        : { text: config.text, values: Array.isArray(values) ? values : (config.values ?? []), name: config.name, ms: 0 };
    into.push(statement);
    const started = performance.now();
    const answered = () => (statement.ms = performance.now() - started);
    // pg-pool (the prepared statements) passes a callback; TypeORM awaits the promise.
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = function (this: unknown, ...results: unknown[]) {
        answered();
        return (callback as (...results: unknown[]) => unknown).apply(this, results);
      };
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    if (answer instanceof Promise) answer.then(answered, answered);
    return answer;
  } as typeof pg.Client.prototype.query;
  return {
    async during(work: () => Promise<unknown>): Promise<Statement[]> {
      statements = [];
      try {
        await work();
        return statements;
      } finally {
        statements = null;
      }
    },
  };
})();

const oneLine = (sql: string, width = 150) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

function printStatements(label: string, statements: Statement[]): void {
  const total = statements.reduce((sum, statement) => sum + statement.ms, 0);
  log(`\n${label}: ${statements.length} statements, ${total.toFixed(2)} ms waiting on PostgreSQL`);
  for (const statement of statements) {
    log(`  ${statement.ms.toFixed(2).padStart(7)} ms  ${statement.name ? `[${statement.name}] ` : ''}${oneLine(statement.text)}`);
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Method'?: string;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

interface JsonPlan {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

/** A value as SQL text, for EXECUTE's arguments (PostgreSQL gives each the type of its parameter). */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) {
    const items = value.map((item) => (item === null ? 'NULL' : `"${String(item).replace(/["\\]/g, '\\$&')}"`));
    return client.escapeLiteral(`{${items.join(',')}}`);
  }
  return client.escapeLiteral(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * EXPLAIN ANALYZE of a recorded statement with its values: the plan made for those values (what an
 * unnamed statement gets) or, `generic`, the plan a prepared statement settles on after five runs
 * when PostgreSQL finds it no dearer (made here with plan_cache_mode = force_generic_plan).
 */
async function explain(client: pg.Client, statement: Statement, format: 'TEXT' | 'JSON', generic: boolean): Promise<unknown[]> {
  const options = `ANALYZE, BUFFERS, ${format === 'TEXT' ? 'COSTS OFF' : 'FORMAT JSON'}`;
  if (!generic) return (await client.query<Record<string, unknown>>(`EXPLAIN (${options}) ${statement.text}`, statement.values)).rows;
  await client.query(`PREPARE bench_generic AS ${statement.text}`);
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    const args = statement.values.map((value) => literal(client, value)).join(', ');
    return (await client.query<Record<string, unknown>>(`EXPLAIN (${options}) EXECUTE bench_generic${args ? `(${args})` : ''}`)).rows;
  } finally {
    await client.query('RESET plan_cache_mode');
    await client.query('DEALLOCATE bench_generic');
  }
}

function planSummary(plan: JsonPlan): string {
  const nodes = nodesOf(plan.Plan);
  const seqScans = nodes
    .filter((node) => node['Node Type'] === 'Seq Scan')
    .map((node) => `${node['Relation Name']} ×${node['Actual Loops']}`);
  const sorts = nodes.filter((node) => node['Node Type'] === 'Sort').map((node) => node['Sort Method'] ?? 'sort');
  const indexes = [...new Set(nodes.map((node) => node['Index Name']).filter(Boolean))];
  return (
    `planning ${plan['Planning Time'].toFixed(2)} ms, execution ${plan['Execution Time'].toFixed(2)} ms, ` +
    `buffers hit ${plan.Plan['Shared Hit Blocks'] ?? 0} read ${plan.Plan['Shared Read Blocks'] ?? 0}; ` +
    `seq scans: ${seqScans.join(', ') || 'none'}; sorts: ${sorts.join(', ') || 'none'}; indexes: ${indexes.join(', ') || 'none'}`
  );
}

/** The community SELECTs of a recorded request, explained: in full, or one summary line per plan. */
async function explainStatements(client: pg.Client, label: string, statements: Statement[], full: boolean): Promise<void> {
  const reads = statements.filter((statement) => /^\s*(SELECT|WITH)\b/i.test(statement.text) && /community_/.test(statement.text));
  for (const [index, statement] of reads.entries()) {
    const title = `${label}, statement ${index + 1} of ${reads.length}${statement.name ? ` [${statement.name}]` : ''}`;
    // Prepared (named) statements may run on their generic plan; unnamed ones are planned every time.
    const kinds = statement.name ? [false, true] : [false];
    if (full) log(`\n-- ${title}\n${statement.text.trim()}\n-- params ${JSON.stringify(statement.values)}`);
    for (const generic of kinds) {
      const plan = generic ? 'generic plan' : 'plan for these values';
      if (full) {
        log(`-- ${plan}`);
        const rows = (await explain(client, statement, 'TEXT', generic)) as Array<{ 'QUERY PLAN': string }>;
        for (const row of rows) log(row['QUERY PLAN']);
      } else {
        const rows = (await explain(client, statement, 'JSON', generic)) as Array<{ 'QUERY PLAN': JsonPlan[] }>;
        log(`  ${title}, ${plan}: ${planSummary(rows[0]!['QUERY PLAN'][0]!)}`);
      }
    }
  }
}

// ---- The run ----

/** Pages 1 to `page` as one viewer; the cursor that asks for `page`, and each page's posts. */
async function walkFeed(url: string, token: string, page: number): Promise<{ cursor: string; pages: FeedView[] }> {
  const pages: FeedView[] = [];
  let cursor: string | null = null;
  for (let index = 1; index <= page; index += 1) {
    const query: string = index === 1 ? '' : `?cursor=${encodeURIComponent(cursor!)}`;
    const feed: FeedView = await getJson<FeedView>(`${url}${FEED}${query}`, signedIn(token));
    pages.push(feed);
    if (index < page) {
      if (!feed.nextCursor) throw new Error(`the feed ended at page ${index} (${feed.posts.length} posts on it)`);
      cursor = feed.nextCursor;
    }
  }
  return { cursor: cursor!, pages };
}

/**
 * Each liker's requests, in runs: {liked: true} on ten posts, then {liked: false} on the same ten.
 * Pair i is liker i mod 2,000 and post (7 i + 101 ⌊i / 2,000⌋) mod 2,000, so a liker's pairs are on
 * distinct posts. The load runner starts each connection at its own place in the list: with 2,000
 * likers (20,000 requests, 400 apart at 50 connections) that is the start of a run, and every run
 * ends with nothing of it liked, so every request changes a like.
 */
function likeRequests(likers: string[], posts: string[]): BenchRequest[] {
  const pairs = likers.length * 5;
  const requests: BenchRequest[] = [];
  for (let start = 0; start < pairs; start += LIKE_RUN) {
    const run = Array.from({ length: LIKE_RUN }, (_, offset) => {
      const pair = start + offset;
      const post = posts[(7 * pair + 101 * Math.floor(pair / likers.length)) % posts.length]!;
      return { post, token: likers[pair % likers.length]! };
    });
    for (const liked of [true, false]) {
      for (const { post, token } of run) {
        requests.push({
          method: 'POST',
          path: `/api/v1/community/posts/${post}/like`,
          headers: { ...signedIn(token), 'content-type': 'application/json' },
          body: JSON.stringify({ liked }),
        });
      }
    }
  }
  return requests;
}

async function main(): Promise<void> {
  const explainOnly = process.argv.includes('--explain');
  const config = benchConfig('community', DATABASE_URL);
  log(
    `database ${DATABASE_URL} (fresh, kept afterwards): ${COMMUNITY_POSTS} posts, ${COMMUNITY_POST_LIKES} post likes, ` +
      `${COMMUNITY_COMMENTS} comments, ${COMMUNITY_COMMENT_LIKES} comment likes`,
  );
  log(`${cpus().length} CPUs, load average before: ${loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  const migrating = Date.now();
  const client = await freshDatabase(config);
  log(`migrated in ${((Date.now() - migrating) / 1000).toFixed(1)} s`);
  let app: NestFastifyApplication | undefined;
  try {
    const seeded = await seedCommunity(client, log);
    log(`seeded in ${seeded.seconds.toFixed(1)} s`);

    const api = await startApi(config);
    app = api.app;
    const viewer = seeded.viewers[0]!;
    const walk = await walkFeed(api.url, viewer, PAGE_DEEP);
    const deepCursor = walk.cursor;

    // What the feed answered, against the database: page 50 is the 981st to 1,000th post not removed,
    // and likedByMe on page 1 is the viewer's likes.
    const first = walk.pages[0]!;
    const deep = walk.pages[PAGE_DEEP - 1]!;
    const { rows: expected } = await client.query<{ id: string }>(
      `SELECT id FROM community_post WHERE removed_at IS NULL ORDER BY seq DESC OFFSET $1 LIMIT $2`,
      [(PAGE_DEEP - 1) * first.posts.length, first.posts.length],
    );
    const { rows: liked } = await client.query<{ post_id: string }>(
      `SELECT l.post_id FROM community_post_like l JOIN session s ON s.user_id = l.user_id
        WHERE s.token_hash = $1 AND l.post_id = ANY ($2::uuid[])`,
      [hashToken(viewer), first.posts.map((post) => post.id)],
    );
    const likedIds = new Set(liked.map((row) => row.post_id));
    const likedRight = first.posts.every((post) => post.likedByMe === likedIds.has(post.id));
    const deepRight = deep.posts.map((post) => post.id).join() === expected.map((row) => row.id).join();
    log(
      `feed: ${first.posts.length} posts a page; page 1 as a viewer: ${likedIds.size} liked by them ` +
        `(likedByMe ${likedRight ? 'agrees' : 'DISAGREES'} with the database), ` +
        `${first.posts.filter((post) => post.photos.length > 0).length} with photos, ` +
        `${first.posts.filter((post) => post.event).length} about an event, ` +
        `${first.posts.reduce((sum, post) => sum + post.firstComments.length, 0)} inline comments`,
    );
    log(`page ${PAGE_DEEP} after following nextCursor ${PAGE_DEEP - 1} times: ${deepRight ? 'the right posts' : 'NOT the posts expected'}`);

    const pagePath = (cursor?: string) => (cursor ? `${FEED}?cursor=${encodeURIComponent(cursor)}` : FEED);
    const page1 = await recorder.during(() => getJson(`${api.url}${pagePath()}`, signedIn(viewer)));
    const page50 = await recorder.during(() => getJson(`${api.url}${pagePath(deepCursor)}`, signedIn(viewer)));
    if (explainOnly) {
      await explainStatements(client, 'feed page 1, signed in', page1, true);
      await explainStatements(client, `feed page ${PAGE_DEEP}, signed in`, page50, true);
      return;
    }

    // The likes are measured on the newest posts; their warm-up runs on the ones after them.
    const { rows: recent } = await client.query<{ id: string }>(
      `SELECT id FROM community_post WHERE removed_at IS NULL ORDER BY seq DESC LIMIT $1`,
      [2 * LIKED_POSTS],
    );
    const newest = recent.slice(0, LIKED_POSTS);
    const feedAs = (cursor?: string): BenchRequest[] =>
      seeded.viewers.map((token) => ({ method: 'GET', path: pagePath(cursor), headers: signedIn(token) }));
    const scenarios: Record<'page1' | 'page50' | 'guest' | 'likes', { name: string; requests: BenchRequest[] }> = {
      page1: { name: 'feed page 1, signed in', requests: feedAs() },
      page50: { name: `feed page ${PAGE_DEEP}, signed in`, requests: feedAs(deepCursor) },
      guest: { name: 'feed page 1, guest', requests: [{ method: 'GET', path: FEED }] },
      likes: {
        name: `like/unlike, ${COMMUNITY_LIKERS} people, ${LIKED_POSTS} newest posts`,
        requests: likeRequests(
          seeded.likers,
          newest.map((row) => row.id),
        ),
      },
    };
    // Connections, JIT and any cache warm, as on a live site: every feed request once.
    for (const { requests } of [scenarios.page1, scenarios.page50, scenarios.guest]) {
      for (let index = 0; index < requests.length; index += 10) {
        await Promise.all(requests.slice(index, index + 10).map((request) => getJson(`${api.url}${request.path}`, request.headers ?? {})));
      }
    }

    log(
      `${CONNECTIONS} connections, ${SECONDS} s per scenario (after 1 s of warm-up); ` +
        `${COMMUNITY_VIEWERS} signed-in readers, ${COMMUNITY_LIKERS} likers`,
    );
    const results: Record<keyof typeof scenarios, Result> = {} as Record<keyof typeof scenarios, Result>;
    for (const [key, { name, requests }] of Object.entries(scenarios) as Array<
      [keyof typeof scenarios, { name: string; requests: BenchRequest[] }]
    >) {
      log(`running: ${name}`);
      if (key === 'likes') {
        // The load runner's warm-up would replay the start of the measured list (its likes then no-ops):
        // the likes warm up on other posts, and each measured connection starts where nothing was liked.
        await load(
          api.url,
          likeRequests(
            seeded.likers,
            recent.slice(LIKED_POSTS).map((row) => row.id),
          ),
          1,
          0,
        );
        results[key] = await load(api.url, requests, SECONDS, 0);
      } else {
        results[key] = await load(api.url, requests);
      }
      const failed = failures(results[key]);
      if (failed) log(`  ! answers that were not 2xx (not timed): ${failed}`);
    }

    // Likes stay exact under 50 connections: each post's like_count against its like rows.
    const { rows: drift } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM community_post p
        WHERE p.id = ANY ($1::uuid[]) AND p.like_count <> (SELECT count(*) FROM community_post_like l WHERE l.post_id = p.id)`,
      [newest.map((row) => row.id)],
    );

    const pad = (value: string, width: number) => value.padStart(width);
    log(`\n${'scenario'.padEnd(52)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('mean ms', 9)}${pad('answers', 10)}`);
    for (const [key, { name }] of Object.entries(scenarios) as Array<[keyof typeof scenarios, { name: string }]>) {
      const result = results[key];
      log(
        `${name.padEnd(52)}${pad(result.requests.average.toFixed(0), 9)}${pad(String(result.latency.p50), 9)}` +
          `${pad(String(result.latency.p99), 9)}${pad(result.latency.mean.toFixed(2), 9)}${pad(String(result.requests.total), 10)}`,
      );
    }
    log(`like counts after the run: ${drift[0]!.n} of ${newest.length} liked posts differ from their like rows`);

    const p99 = (key: keyof typeof scenarios) => results[key].latency.p99;
    const ratio = p99('page50') / Math.max(p99('page1'), 1);
    const verdict = (label: string, ok: boolean, detail: string, result: Result) => {
      const failed = failures(result);
      log(`  ${ok && !failed ? 'MET   ' : 'MISSED'} ${label}: ${detail}${failed ? ` (not all answers 2xx: ${failed})` : ''}`);
    };
    log('\ntargets:');
    verdict(
      `feed first page (signed in) p99 ≤ ${TARGET_P99_MS} ms at ${CONNECTIONS} connections`,
      p99('page1') <= TARGET_P99_MS,
      `p99 ${p99('page1')} ms`,
      results.page1,
    );
    verdict(
      `feed page ${PAGE_DEEP} p99 ≤ ${TARGET_PAGE_RATIO} × page 1 p99`,
      ratio <= TARGET_PAGE_RATIO,
      `${p99('page50')} ms vs ${p99('page1')} ms (×${ratio.toFixed(2)})`,
      results.page50,
    );
    verdict(
      `like toggles p99 ≤ ${TARGET_P99_MS} ms at ${CONNECTIONS} connections`,
      p99('likes') <= TARGET_P99_MS,
      `p99 ${p99('likes')} ms`,
      results.likes,
    );
    log(`load average after: ${loadavg()[0]!.toFixed(2)}`);

    // One request of each kind, alone, on the warm API: what it sends PostgreSQL, and the feed's plans.
    printStatements('one feed page 1, signed in', page1);
    printStatements(`one feed page ${PAGE_DEEP}, signed in`, page50);
    const like = async (liked: boolean) => {
      const response = await fetch(`${api.url}/api/v1/community/posts/${newest.at(-1)!.id}/like`, {
        method: 'POST',
        headers: { ...signedIn(seeded.likers[0]!), 'content-type': 'application/json' },
        body: JSON.stringify({ liked }),
      });
      if (!response.ok) throw new Error(`POST …/like answered ${response.status}`);
      return (await response.json()) as LikeView;
    };
    printStatements('one like ({liked: true})', await recorder.during(() => like(true)));
    printStatements('one unlike ({liked: false})', await recorder.during(() => like(false)));
    log('\nfeed statements explained (EXPLAIN ANALYZE, BUFFERS; `-- --explain` prints the plans):');
    await explainStatements(client, 'page 1', page1, false);
    await explainStatements(client, `page ${PAGE_DEEP}`, page50, false);
  } finally {
    await app?.close();
    await endRun(config, client);
  }
}

runBench(main);
