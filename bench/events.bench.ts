import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApiApp } from '../api/src/bootstrap.js';
import { eventFilterSchema } from '../api/src/contracts/event.contract.js';
import { buildListQuery, countSql, pageSql, type ListScope } from '../api/src/modules/events/event-query.js';
import { parseConfig, type AppConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';
import { BENCH_PORTS, productionSecretsForRun } from './bench-processes.js';
import { BENCH_CITIES, seedBenchData } from './events.seed.js';

/**
 * npm run bench:events [-- --explain]
 *
 * Seeds tribe_bench_events (once), starts the real API in this process plus a bare Nest + Fastify
 * app as the framework baseline, and loads them with autocannon (in a child process) at 50
 * connections. Prints req/s, p50 and p99 for each scenario, the ratio to the baseline, page 1 vs
 * page 50, and a MET/MISSED line per target: issue 3's with the list caches on, issue 26's for the
 * cold path (every list cache off) and the event detail.
 * With --explain it prints the query plans of docs/performance.md instead. Prints figures only: it
 * never fails on time.
 */

/** Its own database (and queue prefix), so that it runs next to the other benches. */
const DATABASE_URL =
  process.env.BENCH_EVENTS_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_events';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const log = (line: string) => console.log(line);
const NOTHING_CACHED = 'every list cache off';
const PING = [{ method: 'GET', path: '/ping' }];

/** The mixed filters: what the home, city and filter screens send. */
const FILTERS: Array<Record<string, string>> = [
  {},
  { upcomingOnly: 'true' },
  { city: 'Mumbai', upcomingOnly: 'true' },
  { city: 'bangalore' },
  { category: 'music', upcomingOnly: 'true' },
  { category: 'food', city: 'Delhi' },
  { ageRange: '18-30,31-40', upcomingOnly: 'true' },
  { ageRange: 'open', city: 'Pune' },
  { ageRange: 'custom', customAgeRange: '25,35', upcomingOnly: 'true' },
  { minPrice: '500', maxPrice: '5000', upcomingOnly: 'true' },
  { maxPrice: '1000', category: 'gamenights' },
  { meetupType: 'curation', upcomingOnly: 'true' },
  { eventType: 'online', ageRange: '50+' },
  { userRole: 'fan', category: 'travel', minPrice: '2000', upcomingOnly: 'true' },
];

/** A fixed pseudo-random order, so every run sends the same sequence. */
function shuffled<T>(items: T[], seed = 7): T[] {
  const copy = [...items];
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const filterPath = (filter: Record<string, string>, page: number) =>
  `/api/v1/events/public/filter?${new URLSearchParams({ ...filter, page: String(page) }).toString()}`;

/** What browsers and the web server's fetch send; the API then answers list pages gzip-encoded. */
const ACCEPTS_GZIP = { 'accept-encoding': 'gzip, deflate, br' };

type BenchRequest = { method: string; path: string; headers?: Record<string, string> };

function filterRequests(pages: number[], headers: Record<string, string> = {}): BenchRequest[] {
  return shuffled(FILTERS.flatMap((filter) => pages.map((page) => ({ method: 'GET', path: filterPath(filter, page), headers }))));
}

@Controller()
class BaselineController {
  @Get('ping')
  ping() {
    return { ok: true };
  }
}

@Module({ controllers: [BaselineController] })
class BaselineModule {}

async function listen(app: NestFastifyApplication): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

interface Row {
  name: string;
  result: Result;
}

/** One scenario, measured by bench/load-runner.ts in a child process (1 s of warm-up first). */
async function load(url: string, requests: BenchRequest[], seconds = SECONDS): Promise<Result> {
  const runner = fileURLToPath(new URL('./load-runner.js', import.meta.url));
  const child = spawn(process.execPath, [runner], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.end(JSON.stringify({ url, connections: CONNECTIONS, seconds, warmupSeconds: 1, requests }));
  const code = await exited;
  if (code !== 0) throw new Error(`load runner exited with ${code}`);
  const result = JSON.parse(Buffer.concat(output).toString('utf8')) as Result;
  if (result.non2xx > 0 || result.errors > 0) {
    console.warn(`  ! ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

function table(rows: Row[], baseline: Result): void {
  const pad = (value: string, width: number) => value.padStart(width);
  log(`\n${'scenario'.padEnd(68)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('mean ms', 9)}${pad('vs base', 9)}`);
  for (const { name, result } of rows) {
    const ratio = result.requests.average / baseline.requests.average;
    log(
      `${name.padEnd(68)}${pad(result.requests.average.toFixed(0), 10)}${pad(String(result.latency.p50), 9)}` +
        `${pad(String(result.latency.p99), 9)}${pad(result.latency.mean.toFixed(2), 9)}${pad(`${(ratio * 100).toFixed(1)}%`, 9)}`,
    );
  }
}

function verdict(label: string, ok: boolean, detail: string): void {
  log(`  ${ok ? 'MET   ' : 'MISSED'} ${label}: ${detail}`);
}

function benchConfig(overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({
    ...process.env,
    ...productionSecretsForRun(),
    ...BENCH_PORTS,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL,
    DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '10',
    QUEUE_PREFIX: 'tribe-bench-events',
    ...overrides,
  });
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The first scan of a plan, depth first: "Index Only Scan event_listed_city_date_idx". */
function leadingScan(node: PlanNode): string {
  if (node['Node Type'].includes('Scan') && (node['Index Name'] ?? node['Relation Name'])) {
    return `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name']}`;
  }
  for (const child of node.Plans ?? []) {
    const found = leadingScan(child);
    if (found) return found;
  }
  return '';
}

async function explain(cap: number): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const print = async (label: string, sql: string, params: unknown[]) => {
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    log(`\n-- ${label}${params.length ? ` params ${JSON.stringify(params)}` : ''}`);
    for (const line of plan.rows) log(String(line['QUERY PLAN']));
  };
  try {
    const host = (
      await client.query<{ host_id: string }>(`SELECT host_id FROM event GROUP BY host_id ORDER BY count(*) DESC, host_id LIMIT 1`)
    ).rows[0]!.host_id;
    const listed: ListScope = { includeCancelled: false, includeUnpublished: false };
    const cases: Array<[string, ListScope, Record<string, string>, number]> = [
      ['discover, upcoming, page 1', listed, { upcomingOnly: 'true' }, 1],
      ['discover, upcoming, page 50', listed, { upcomingOnly: 'true' }, 50],
      ['discover, all dates, signed-in caller excluded, page 50', { ...listed, excludeHostId: host }, {}, 50],
      ['city, page 50', listed, { city: 'Mumbai', upcomingOnly: 'true' }, 50],
      ['category, page 50', listed, { category: 'music', upcomingOnly: 'true' }, 50],
      ['city + category, page 1', listed, { category: 'food', city: 'Delhi' }, 1],
      ['age 18-30,31-40, page 50', listed, { ageRange: '18-30,31-40', upcomingOnly: 'true' }, 50],
      ['price 500-5000, page 50', listed, { minPrice: '500', maxPrice: '5000', upcomingOnly: 'true' }, 50],
      ['meetup type curation, page 50', listed, { meetupType: 'curation', upcomingOnly: 'true' }, 50],
      ['event type online, age 50+, page 50', listed, { eventType: 'online', ageRange: '50+' }, 50],
      ['influencer home (own events, any status)', { hostId: host, includeCancelled: true, includeUnpublished: true }, {}, 1],
      ['GET /users/{id}/events (someone else)', { hostId: host, ...listed }, { upcomingOnly: 'true' }, 1],
    ];
    for (const [label, scope, raw, page] of cases) {
      const filter = eventFilterSchema.parse({ ...raw, page: String(page) });
      const query = buildListQuery(scope, filter);
      const offset = (filter.page - 1) * filter.limit;
      log(`\n==== ${label}: WHERE ${query.where}`);
      await print(`${label}: page`, pageSql(query), [...query.params, filter.limit, offset]);
      await print(`${label}: count`, countSql(query, cap), query.params);
    }
    // Every filter mix of the load scenarios, as a guest sends it: the best of three runs of each
    // query (planning + execution), and the scan that leads its plan.
    log("\n==== the load scenarios' filter mixes (best of 3, ms: planning + execution)");
    log(`${'filter'.padEnd(58)}${'count'.padStart(9)}${'page 1'.padStart(9)}${'page 50'.padStart(9)}  count's scan`);
    const timed = async (sql: string, params: unknown[]) => {
      let best = Infinity;
      let scan = '';
      for (let run = 0; run < 3; run += 1) {
        const { rows } = await client.query<{ 'QUERY PLAN': Array<Record<string, unknown>> }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
          params,
        );
        const plan = rows[0]!['QUERY PLAN'][0]!;
        best = Math.min(best, Number(plan['Planning Time']) + Number(plan['Execution Time']));
        scan = leadingScan(plan['Plan'] as PlanNode);
      }
      return { ms: best.toFixed(2), scan };
    };
    for (const raw of FILTERS) {
      const filter = eventFilterSchema.parse(raw);
      const query = buildListQuery(listed, filter);
      const count = await timed(countSql(query, cap), query.params);
      const first = await timed(pageSql(query), [...query.params, filter.limit, 0]);
      const fiftieth = await timed(pageSql(query), [...query.params, filter.limit, 49 * filter.limit]);
      log(`${JSON.stringify(raw).padEnd(58)}${count.ms.padStart(9)}${first.ms.padStart(9)}${fiftieth.ms.padStart(9)}  ${count.scan}`);
    }

    const detail = await client.query<{ id: string }>(`SELECT id FROM event WHERE deleted_at IS NULL LIMIT 1`);
    await print(
      'event by id',
      `SELECT e.*, u.name FROM event e JOIN users u ON u.id = e.host_id WHERE e.id = $1 AND e.deleted_at IS NULL`,
      [detail.rows[0].id],
    );
    await print(
      'influencer directory, page 1',
      `SELECT u.id FROM users u WHERE u.role = 'influencer' AND u.deleted_at IS NULL
        ORDER BY u.follower_count DESC, u.rating DESC NULLS LAST, u.id ASC LIMIT 20 OFFSET 0`,
      [],
    );
    // Each index against the plan PostgreSQL falls back to without it (dropped inside a transaction
    // that is rolled back).
    const CURATION = { meetupType: 'curation', upcomingOnly: 'true' };
    const ONLINE_50_PLUS = { eventType: 'online', ageRange: '50+' };
    const without: Array<[string, string, ListScope, Record<string, string>, 'page' | 'count', number]> = [
      ['event_listed_slim_idx', 'discover, upcoming', listed, { upcomingOnly: 'true' }, 'count', 1],
      ['event_listed_slim_idx', 'discover, all dates, signed-in caller excluded', { ...listed, excludeHostId: host }, {}, 'count', 1],
      ['event_listed_date_idx', 'age 18-30,31-40, page 50', listed, { ageRange: '18-30,31-40', upcomingOnly: 'true' }, 'page', 50],
      ['event_listed_date_idx', 'age 18-30,31-40', listed, { ageRange: '18-30,31-40', upcomingOnly: 'true' }, 'count', 1],
      ['event_listed_city_date_idx', 'city, page 50', listed, { city: 'Mumbai', upcomingOnly: 'true' }, 'page', 50],
      ['event_listed_city_date_idx', 'city', listed, { city: 'Mumbai', upcomingOnly: 'true' }, 'count', 1],
      ['event_listed_category_date_idx', 'category, page 50', listed, { category: 'music', upcomingOnly: 'true' }, 'page', 50],
      ['event_listed_meetup_type_date_idx', 'curation, page 50', listed, CURATION, 'page', 50],
      ['event_listed_meetup_type_date_idx', 'curation', listed, CURATION, 'count', 1],
      ['event_listed_event_type_date_idx', 'online, age 50+, page 50', listed, ONLINE_50_PLUS, 'page', 50],
      ['event_listed_event_type_date_idx', 'online, age 50+', listed, ONLINE_50_PLUS, 'count', 1],
      ['event_host_date_idx', 'influencer home', { hostId: host, includeCancelled: true, includeUnpublished: true }, {}, 'page', 1],
    ];
    for (const [index, label, scope, raw, kind, page] of without) {
      const filter = eventFilterSchema.parse({ ...raw, page: String(page) });
      const query = buildListQuery(scope, filter);
      const offset = (filter.page - 1) * filter.limit;
      await client.query('BEGIN');
      try {
        await client.query(`DROP INDEX ${index}`);
        await print(
          `WITHOUT ${index}: ${label} (${kind})`,
          kind === 'page' ? pageSql(query) : countSql(query, cap),
          kind === 'page' ? [...query.params, filter.limit, offset] : query.params,
        );
      } finally {
        await client.query('ROLLBACK');
      }
    }
    await client.query('BEGIN');
    try {
      await client.query('DROP INDEX users_influencer_directory_idx');
      await print(
        'WITHOUT users_influencer_directory_idx: influencer directory, page 1',
        `SELECT u.id FROM users u WHERE u.role = 'influencer' AND u.deleted_at IS NULL
          ORDER BY u.follower_count DESC, u.rating DESC NULLS LAST, u.id ASC LIMIT 20 OFFSET 0`,
        [],
      );
    } finally {
      await client.query('ROLLBACK');
    }

    const indexes = await client.query<{ indexrelname: string; size: string }>(
      `SELECT indexrelname, pg_size_pretty(pg_relation_size(indexrelid)) AS size
         FROM pg_stat_user_indexes WHERE relname IN ('event', 'users') ORDER BY 1`,
    );
    log('\n-- index sizes');
    for (const row of indexes.rows) log(`${row.indexrelname}: ${row.size}`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const config = benchConfig();
  log(`database ${DATABASE_URL}`);
  await migrateDatabase(config);
  await seedBenchData(DATABASE_URL, log);
  if (process.argv.includes('--explain')) {
    await explain(config.EVENT_TOTAL_EXACT_UP_TO);
    return;
  }

  const ids = await (async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM event WHERE status = 'active' AND moderation_status = 'published' AND deleted_at IS NULL
          ORDER BY md5(id::text) LIMIT 2000`,
      );
      return rows.map((row) => row.id);
    } finally {
      await client.end();
    }
  })();

  const baselineApp = await NestFactory.create<NestFastifyApplication>(BaselineModule, new FastifyAdapter(), { logger: false });
  const baselineUrl = await listen(baselineApp);
  // The product as configured by default; then the same code with the list caches turned off.
  const apps = {
    cached: await createApiApp(config),
    pagesFromDb: await createApiApp(benchConfig({ EVENT_LIST_CACHE_TTL_MS: '0' })),
    nothingCached: await createApiApp(benchConfig({ EVENT_LIST_CACHE_TTL_MS: '0', EVENT_TOTAL_CACHE_TTL_MS: '0' })),
  };
  const urls = {
    cached: await listen(apps.cached),
    pagesFromDb: await listen(apps.pagesFromDb),
    nothingCached: await listen(apps.nothingCached),
  };
  log(
    `${CONNECTIONS} connections, ${SECONDS} s per scenario (after 1 s of warm-up), ${FILTERS.length} filter mixes, ${BENCH_CITIES.length} cities`,
  );
  const load1 = () => loadavg()[0]!.toFixed(2);
  log(`${cpus().length} CPUs, load average before: ${load1()} (other work on the machine skews every figure)`);

  const allPages = Array.from({ length: 50 }, (_, index) => index + 1);
  // Steady state: an app answers every URL once right before its scenarios (connections, JIT and,
  // in the default configuration, the list cache are then warm, as on a live site).
  const warm = async (url: string) => {
    const paths = [...filterRequests(allPages), ...ids.map((id) => ({ path: `/api/v1/events/${id}/public` }))].map(
      (request) => request.path,
    );
    for (let index = 0; index < paths.length; index += 10) {
      await Promise.all(paths.slice(index, index + 10).map((path) => fetch(`${url}${path}`).then((response) => response.arrayBuffer())));
    }
  };
  const rows: Row[] = [];
  const run = async (name: string, url: string, requests: BenchRequest[]) => {
    log(`running: ${name}`);
    const result = await load(url, requests);
    rows.push({ name, result });
    return result;
  };
  const ratio = (a: Result, b: Result) => a.latency.mean / b.latency.mean;
  const share = (a: Result, base: Result) => `${((a.requests.average / base.requests.average) * 100).toFixed(1)}%`;

  try {
    const baseline = await run('baseline: Nest + Fastify constant', baselineUrl, PING);
    // Real clients ask for gzip; the plain rows show what a client that does not ask costs.
    const modes = [
      ['product defaults (list cache on)', urls.cached, {}],
      ['product defaults, client accepts gzip', urls.cached, ACCEPTS_GZIP],
      ['pages from PostgreSQL, totals cached', urls.pagesFromDb, {}],
      [NOTHING_CACHED, urls.nothingCached, {}],
    ] as const;
    const measured: Array<{ label: string; cached: boolean; mixed: Result; page1: Result; page50: Result }> = [];
    // The machine is shared: the baseline is measured again right before each scenario that issue 26
    // compares with it, and those verdicts use the baseline next to them.
    const baselineAgain = (before: string) => run(`baseline: Nest + Fastify constant, again before ${before}`, baselineUrl, PING);
    let coldBaseline = baseline;
    for (const [label, url, headers] of modes) {
      await warm(url);
      if (label === NOTHING_CACHED) coldBaseline = await baselineAgain('the cold path');
      const mixed = await run(`filter mixed, pages 1-50 | ${label}`, url, filterRequests(allPages, headers));
      const page1 = await run(`filter page 1 | ${label}`, url, filterRequests([1], headers));
      const page50 = await run(`filter page 50 | ${label}`, url, filterRequests([50], headers));
      measured.push({ label, cached: url === urls.cached, mixed, page1, page50 });
    }
    await warm(urls.cached);
    const detailBaseline = await baselineAgain('the detail');
    const detail = await run(
      'GET /events/{id}/public',
      urls.cached,
      ids.map((id) => ({ method: 'GET', path: `/api/v1/events/${id}/public` })),
    );

    table(rows, baseline);
    log('\npage 1 vs page 50 (mean latency):');
    for (const { label, page1, page50 } of measured) {
      log(
        `  ${label.padEnd(44)} ${page1.latency.mean.toFixed(2)} ms vs ${page50.latency.mean.toFixed(2)} ms (x${ratio(page50, page1).toFixed(2)})`,
      );
    }
    // Issue 3's targets are the product's, with its list caches on.
    for (const { label, mixed, page1, page50 } of measured.filter((mode) => mode.cached)) {
      log(`\ntargets (issue 3), ${label}:`);
      verdict(`filter mixed p99 <= 25 ms at ${CONNECTIONS} connections`, mixed.latency.p99 <= 25, `p99 ${mixed.latency.p99} ms`);
      verdict('filter page 50 <= 1.5x page 1', ratio(page50, page1) <= 1.5, `x${ratio(page50, page1).toFixed(2)}`);
      verdict(
        'filter mixed throughput >= 20% of baseline',
        mixed.requests.average >= 0.2 * baseline.requests.average,
        `${share(mixed, baseline)} (${mixed.requests.average.toFixed(0)} vs ${baseline.requests.average.toFixed(0)} req/s)`,
      );
    }
    // Issue 26's: the cold path, every list cache off, and the event detail, against the same baseline.
    const cold = measured.find((mode) => mode.label === NOTHING_CACHED)!;
    log(`\ntargets (issue 26), the cold path (${NOTHING_CACHED}: EVENT_LIST_CACHE_TTL_MS=0, EVENT_TOTAL_CACHE_TTL_MS=0):`);
    verdict(
      `cold path: filter mixed, pages 1-50 | ${NOTHING_CACHED}: p99 <= 50 ms at ${CONNECTIONS} connections`,
      cold.mixed.latency.p99 <= 50,
      `p99 ${cold.mixed.latency.p99} ms`,
    );
    verdict(
      `cold path: filter mixed, pages 1-50 | ${NOTHING_CACHED}: req/s >= 5% of the Nest + Fastify baseline`,
      cold.mixed.requests.average >= 0.05 * coldBaseline.requests.average,
      `${share(cold.mixed, coldBaseline)} (${cold.mixed.requests.average.toFixed(0)} vs ${coldBaseline.requests.average.toFixed(0)} req/s measured just before)`,
    );
    verdict(
      'event detail: GET /events/{id}/public >= 15% of the Nest + Fastify baseline',
      detail.requests.average >= 0.15 * detailBaseline.requests.average,
      `${share(detail, detailBaseline)} (${detail.requests.average.toFixed(0)} vs ${detailBaseline.requests.average.toFixed(0)} req/s measured just before)`,
    );
    log(`\nevent by id: ${detail.requests.average.toFixed(0)} req/s, p50 ${detail.latency.p50} ms, p99 ${detail.latency.p99} ms`);
    log(`load average after: ${load1()}`);
  } finally {
    await Promise.all([...Object.values(apps).map((app) => app.close()), baselineApp.close()]);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
