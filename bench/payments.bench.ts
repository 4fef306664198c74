import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { Redis } from 'ioredis';
import { Pool } from 'undici';
import { parseConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';
import { dropDatabase } from '../api/src/platform/database/postgres-admin.js';
import { BENCH_PORTS, startChild, stopChild, until, type Child } from './bench-processes.js';
import { freePort } from '../scripts/free-port.js';

/**
 * npm run bench:payments
 *
 * The capture path under load: a fresh database, the compiled API and ONE workers process (the
 * sandbox as the provider, product defaults otherwise), 1,000 fans who each pre-authorise, pay in
 * the sandbox's checkout and verify, then their hosts accept all 1,000 applications at 50
 * concurrent connections. Prints the accept latency, accept → captured (p50/p95/p99, from the
 * database's own timestamps: the `payment.capture_requested` event written by the accept and the
 * `payment.captured` event written when the capture is recorded), capture jobs per second, and
 * where the time goes (outbox relay, queue, job). Prints figures; never fails on time.
 *
 * BENCH_FANS (1000), BENCH_CONNECTIONS (50), BENCH_EVENTS (100), BENCH_ACCEPT_RATE=<n> offers n accepts
 * a second instead of as many as the connections carry (latency then counts from each accept's
 * scheduled time, so a late start is not hidden), BENCH_KEEP=1 keeps the database,
 * BENCH_CPU_PROF_DIR=<dir> profiles the API and the workers, BENCH_PROVIDER_LATENCY_MS=<ms> makes
 * each provider call of the workers wait that long first (Razorpay is a few hundred ms away).
 * Product settings (OUTBOX_POLL_MS, DATABASE_POOL_SIZE, …) pass through from the environment.
 *
 * Then the paced scenario (issue 26): BENCH_PACED_RATE (50) accepts a second for BENCH_PACED_SECONDS
 * (10) on fans set up with the others, measuring accept → captured, first with the relay woken by
 * LISTEN/NOTIFY (the workers as started), then, as the baseline in the same run, with a workers process
 * started again with OUTBOX_LISTEN=false (the relay only polls). BENCH_PACED_RATE=0 skips it.
 */

const FANS = Number(process.env.BENCH_FANS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Accepts offered per second; 0: each connection sends its next accept as soon as the last is answered. */
const ACCEPT_RATE = Number(process.env.BENCH_ACCEPT_RATE ?? 0);
const PROVIDER_LATENCY_MS = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 0);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100);
const HOSTS = Math.max(1, Math.round(EVENTS / 10));
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 50);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 10);
/** Accepts of each paced run (one with the listening relay, one with the polling one). */
const PACED_ACCEPTS = PACED_RATE > 0 ? Math.round(PACED_RATE * PACED_SECONDS) : 0;
const ALL_FANS = FANS + 2 * PACED_ACCEPTS;
/** Sign-ups hash a password (scrypt): more at once only queue for the thread pool. */
const SETUP_CONCURRENCY = 16;
const PRICE = 500;
const TARGET_CAPTURED_P95_MS = 1_000;
const TARGET_ACCEPT_P99_MS = 25;
/** Issue 26's accept target at 50 connections (the 25 ms above is the older, stricter one). */
const TARGET_ACCEPT_P99_ISSUE_26_MS = 50;
const log = (line: string) => console.log(line);

interface Person {
  id: string;
  token: string;
}

interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const spread = (values: number[]) => {
  const sorted = sortedOf(values);
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`;
};

/** Polls `probe` every `everyMs` until it is true; throws after `deadlineMs`. */
/** Runs in parallel, at most `limit` at once. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index]!, index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** A fixed pseudo-random order, so every run accepts in the same order. */
function shuffled<T>(items: T[], seed = 11): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const other = Math.floor((state / 2 ** 31) * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

class Client {
  constructor(private readonly pool: Pool) {}

  async call<T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<T> {
    const response = await this.pool.request({
      method,
      path: `/api/v1${path}`,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.body.text();
    if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`);
    return JSON.parse(text) as T;
  }

  async signUp(fields: Record<string, unknown>): Promise<Person> {
    const body = await this.call<{ token: string; user: { id: string } }>('POST', '/auth/register', undefined, {
      email: `bench.${randomUUID()}@example.in`,
      password: 'a-good-password',
      name: 'Bench Person',
      ...fields,
    });
    return { id: body.user.id, token: body.token };
  }
}

async function main(): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const apiPort = await freePort();
  const env: Record<string, string> = {
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/tribe_bench_payments_${run}`,
    QUEUE_PREFIX: `tribe-bench-payments-${run}`,
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
    UPLOAD_DIR: `/tmp/tribe-bench-payments-${run}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    REGISTRATIONS_PER_IP_PER_HOUR: '1000000',
    PAYMENT_PROVIDER: 'sandbox',
    ...BENCH_PORTS,
  };
  const config = parseConfig({ ...process.env, ...env });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await migrateDatabase(config);
  const db = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const children: Child[] = [];
  const pool = new Pool(apiUrl, { connections: CONNECTIONS, pipelining: 1 });
  const client = new Client(pool);
  const count = async (sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(sql, params)).rows[0]!.n;

  try {
    children.push(startChild('api', '../api/src/main.js', env));
    // The workers say "workers started" at info.
    const workersEntry = PROVIDER_LATENCY_MS > 0 ? './workers-with-provider-latency.js' : '../workers/src/main.js';
    children.push(startChild('workers', workersEntry, { ...env, LOG_LEVEL: 'info' }));
    let workers = children[1]!;
    const alive = () => {
      for (const child of children) {
        if (child.process.exitCode !== null) throw new Error(`${child.name} exited:\n${child.output()}`);
      }
    };
    await until(async () => (alive(), (await fetch(`${apiUrl}/api/v1/health`).catch(() => undefined))?.ok === true), 'the API', 60_000);
    await until(async () => (alive(), workers.output().includes('workers started')), 'the workers', 60_000);

    log(`bench:payments — ${FANS} fans on ${EVENTS} events of ${HOSTS} hosts, accepts at ${CONNECTIONS} connections`);
    log(`machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load average before: ${loadavg()[0]!.toFixed(2)}`);
    log(
      `settings: OUTBOX_LISTEN ${config.OUTBOX_LISTEN}, OUTBOX_POLL_MS ${config.OUTBOX_POLL_MS}, DATABASE_POOL_SIZE ${config.DATABASE_POOL_SIZE}, ` +
        `sandbox webhooks to the API (duplicate rate ${config.SANDBOX_WEBHOOK_DUPLICATE_RATE})` +
        (PROVIDER_LATENCY_MS > 0 ? `, ${PROVIDER_LATENCY_MS} ms added to each provider call of the workers` : ''),
    );

    // Hosts and their events.
    let setupStarted = Date.now();
    const hosts = await inParallel(Array.from({ length: HOSTS }), SETUP_CONCURRENCY, (_, index) =>
      client.signUp({
        role: 'influencer',
        name: `Bench Host ${index}`,
        age: 35,
        gender: 'female',
        mobile_number: `9${String(100_000_000 + index * 7_919).padStart(9, '0')}`,
      }),
    );
    // Verified hosts: their events are listed at once, without waiting for review.
    await db.query('UPDATE users SET verified = true WHERE id = ANY($1::uuid[])', [hosts.map((host) => host.id)]);
    const perEvent = Math.ceil(ALL_FANS / EVENTS);
    const events = await inParallel(Array.from({ length: EVENTS }), SETUP_CONCURRENCY, async (_, index) => {
      const host = hosts[index % HOSTS]!;
      const event = await client.call<{ id: string }>('POST', '/events', host.token, {
        title: `Bench night ${index}`,
        date: '2031-06-01T19:00:00+05:30',
        min_bid: PRICE,
        capacity: perEvent,
        meeting_link: 'https://meet.example.in/bench',
      });
      return { id: event.id, host };
    });

    // Fans: sign up, pre-authorise, pay in the sandbox's checkout, verify.
    await inParallel(Array.from({ length: ALL_FANS }), SETUP_CONCURRENCY, async (_, index) => {
      const fan = await client.signUp({});
      const event = events[index % EVENTS]!;
      const order = await client.call<{ orderId: string }>('POST', '/payments/pre-authorization', fan.token, {
        tempBidId: randomUUID(),
        eventId: event.id,
        amount: PRICE,
        message: 'Count me in',
      });
      const paid = await client.call<CheckoutSuccess>('POST', `/sandbox/orders/${order.orderId}/pay`, undefined, { outcome: 'success' });
      await client.call('POST', '/payments/verify', fan.token, {
        orderId: paid.razorpay_order_id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      });
    });
    await until(async () => (await count('SELECT count(*)::int AS n FROM application')) === ALL_FANS, 'every application', 300_000, 250);
    // Let the authorisation webhooks and the last jobs of the set-up finish before measuring.
    await until(
      async () =>
        (await count(`SELECT count(*)::int AS n FROM outbox_event WHERE type = 'payment.authorized' AND published_at IS NULL`)) === 0,
      'the set-up jobs',
      60_000,
      250,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    log(`set-up: ${ALL_FANS} fans paid and applied in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`);

    // The accepts: every application once, shuffled over the events, CONNECTIONS at a time.
    const { rows: everyApplication } = await db.query<{ id: string; transaction_id: string; host_id: string }>(
      `SELECT a.id, a.transaction_id, e.host_id FROM application a JOIN event e ON e.id = a.event_id ORDER BY a.id`,
    );
    const tokens = new Map(hosts.map((host) => [host.id, host.token]));
    const order = shuffled(everyApplication);
    const applications = order.slice(0, FANS);
    const pacedBatches = [order.slice(FANS, FANS + PACED_ACCEPTS), order.slice(FANS + PACED_ACCEPTS)];
    const load1Before = loadavg()[0]!;
    const latencies: number[] = [];
    const failures: string[] = [];
    setupStarted = Date.now();
    const acceptStarted = performance.now();
    await inParallel(applications, CONNECTIONS, async (application, index) => {
      let started = performance.now();
      if (ACCEPT_RATE > 0) {
        started = acceptStarted + (index * 1000) / ACCEPT_RATE;
        if (started > performance.now()) await new Promise((resolve) => setTimeout(resolve, started - performance.now()));
      }
      const response = await pool.request({
        method: 'POST',
        path: `/api/v1/applications/${application.id}/accept`,
        headers: { authorization: `Bearer ${tokens.get(application.host_id)}` },
      });
      const text = await response.body.text();
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200) failures.push(`${response.statusCode} ${text.slice(0, 200)}`);
    });
    const acceptSeconds = (performance.now() - acceptStarted) / 1000;
    await until(
      async () => (await count(`SELECT count(*)::int AS n FROM payment_transaction WHERE state = 'captured'`)) === FANS - failures.length,
      'every capture',
      300_000,
      100,
    );
    const allCapturedAfter = (Date.now() - setupStarted) / 1000;
    const load1After = loadavg()[0]!;

    // Each capture's road, from the database's timestamps and BullMQ's.
    const { rows: roads } = await db.query<{ id: string; requested: number; published: number; captured: number }>(
      `SELECT t.id,
              extract(epoch FROM r.created_at) * 1000 AS requested,
              extract(epoch FROM r.published_at) * 1000 AS published,
              extract(epoch FROM c.created_at) * 1000 AS captured
         FROM payment_transaction t
         JOIN outbox_event r ON r.type = 'payment.capture_requested' AND r.payload ->> 'transactionId' = t.id::text
         JOIN outbox_event c ON c.type = 'payment.captured' AND c.payload ->> 'transactionId' = t.id::text
        WHERE t.state = 'captured'`,
    );
    const queue = new Queue('payments', { connection: { url: config.REDIS_URL }, prefix: config.QUEUE_PREFIX });
    const jobs = (await queue.getJobs(['completed'], 0, -1)).filter((job) => job.name === 'payment.capture');
    await queue.close();
    const captureMs = roads.map((road) => Number(road.captured) - Number(road.requested));
    const relayMs = roads.map((road) => Number(road.published) - Number(road.requested));
    const queuedMs = jobs.map((job) => job.processedOn! - job.timestamp);
    const runMs = jobs.map((job) => job.finishedOn! - job.processedOn!);
    const firstRequested = Math.min(...roads.map((road) => Number(road.requested)));
    const lastCaptured = Math.max(...roads.map((road) => Number(road.captured)));
    const capturesPerSecond = roads.length / ((lastCaptured - firstRequested) / 1000);

    const acceptSorted = sortedOf(latencies);
    const capturedSorted = sortedOf(captureMs);
    log('');
    log(
      `accepts: ${latencies.length} in ${acceptSeconds.toFixed(2)} s (${(latencies.length / acceptSeconds).toFixed(0)}/s), ${failures.length} failed`,
    );
    for (const failure of failures.slice(0, 5)) log(`  ! ${failure}`);
    log(
      `  accept latency at ${CONNECTIONS} connections${ACCEPT_RATE > 0 ? `, ${ACCEPT_RATE} offered a second` : ''}: ${spread(latencies)}`,
    );
    log(`accept → captured (${roads.length} captures): ${spread(captureMs)}`);
    log(`  outbox wait (accept → relay queued it): ${spread(relayMs)}`);
    log(`  queue wait (queued → a worker took it): ${spread(queuedMs)}`);
    log(`  capture job (provider call and commit): ${spread(runMs)}`);
    log(
      `capture jobs per second: ${capturesPerSecond.toFixed(0)} (first accept to last capture); every capture recorded ` +
        `${allCapturedAfter.toFixed(1)} s after the first accept; ${jobs.length} capture jobs completed`,
    );
    log(`load average: ${load1Before.toFixed(2)} before the accepts, ${load1After.toFixed(2)} after`);
    log('');
    log('targets:');
    const p95 = percentile(capturedSorted, 95);
    const p99 = percentile(acceptSorted, 99);
    log(`  ${p95 <= TARGET_CAPTURED_P95_MS ? 'MET   ' : 'MISSED'} p95 accept → captured ≤ 1 s: ${ms(p95)}`);
    log(
      `  ${p99 <= TARGET_ACCEPT_P99_MS ? 'MET   ' : 'MISSED'} accept p99 ≤ ${TARGET_ACCEPT_P99_MS} ms at ${CONNECTIONS} connections: ${ms(p99)}`,
    );
    log(
      `  ${p99 <= TARGET_ACCEPT_P99_ISSUE_26_MS ? 'MET   ' : 'MISSED'} accept p99 ≤ ${TARGET_ACCEPT_P99_ISSUE_26_MS} ms at ${CONNECTIONS} connections (issue 26): ${ms(p99)}`,
    );
    if (PACED_ACCEPTS === 0) return;

    /** One paced run: each accept sent at its scheduled time, latency counted from it; then every capture awaited. */
    const paced = async (batch: typeof applications) => {
      const latencies: number[] = [];
      let failed = 0;
      const started = performance.now();
      const load1 = loadavg()[0]!;
      await Promise.all(
        batch.map(async (application, index) => {
          const due = started + (index * 1000) / PACED_RATE;
          if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
          const response = await pool.request({
            method: 'POST',
            path: `/api/v1/applications/${application.id}/accept`,
            headers: { authorization: `Bearer ${tokens.get(application.host_id)}` },
          });
          await response.body.text();
          latencies.push(performance.now() - due);
          if (response.statusCode !== 200) failed += 1;
        }),
      );
      const ids = batch.map((application) => application.transaction_id);
      await until(
        async () =>
          (await count(`SELECT count(*)::int AS n FROM payment_transaction WHERE state = 'captured' AND id = ANY($1::uuid[])`, [ids])) ===
          batch.length - failed,
        'every paced capture',
        300_000,
        100,
      );
      const { rows } = await db.query<{ requested: number; published: number; captured: number }>(
        `SELECT extract(epoch FROM r.created_at) * 1000 AS requested,
                extract(epoch FROM r.published_at) * 1000 AS published,
                extract(epoch FROM c.created_at) * 1000 AS captured
           FROM payment_transaction t
           JOIN outbox_event r ON r.type = 'payment.capture_requested' AND r.payload ->> 'transactionId' = t.id::text
           JOIN outbox_event c ON c.type = 'payment.captured' AND c.payload ->> 'transactionId' = t.id::text
          WHERE t.state = 'captured' AND t.id = ANY($1::uuid[])`,
        [ids],
      );
      return {
        latencies,
        failed,
        load1: `${load1.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
        capturedMs: rows.map((row) => Number(row.captured) - Number(row.requested)),
        relayMs: rows.map((row) => Number(row.published) - Number(row.requested)),
      };
    };
    const report = (label: string, run: Awaited<ReturnType<typeof paced>>) => {
      log(`  ${label}: ${run.latencies.length} accepts, ${run.failed} failed, load average ${run.load1}`);
      log(`    accept latency: ${spread(run.latencies)}`);
      log(`    accept → captured: ${spread(run.capturedMs)}`);
      log(`    outbox wait: ${spread(run.relayMs)}`);
    };

    log('');
    log(`paced: ${PACED_RATE} accepts a second for ${PACED_SECONDS} s, twice`);
    const listening = await paced(pacedBatches[0]!);
    report(`relay woken by LISTEN/NOTIFY (OUTBOX_POLL_MS ${config.OUTBOX_POLL_MS})`, listening);
    // The baseline: the same workers, started again with the relay only polling.
    await stopChild(workers);
    const pollingEnv = { ...env, LOG_LEVEL: 'info', OUTBOX_LISTEN: 'false' };
    const pollingConfig = parseConfig({ ...process.env, ...pollingEnv });
    workers = startChild('workers', workersEntry, pollingEnv);
    children[1] = workers;
    await until(async () => (alive(), workers.output().includes('workers started')), 'the polling workers', 60_000);
    const polling = await paced(pacedBatches[1]!);
    report(`relay only polling (OUTBOX_LISTEN=false, OUTBOX_POLL_MS ${pollingConfig.OUTBOX_POLL_MS})`, polling);
    const pacedP95 = percentile(sortedOf(listening.capturedMs), 95);
    const baselineP95 = percentile(sortedOf(polling.capturedMs), 95);
    log('');
    log(
      `  ${pacedP95 <= TARGET_CAPTURED_P95_MS ? 'MET   ' : 'MISSED'} p95 accept → captured ≤ 1 s at a steady ${PACED_RATE} accepts/s: ` +
        `${ms(pacedP95)} (polling-only baseline ${ms(baselineP95)})`,
    );
  } finally {
    await pool.close();
    await Promise.all(children.map(stopChild));
    await db.end();
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${config.QUEUE_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(config.DATABASE_URL);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
