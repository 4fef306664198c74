import 'reflect-metadata';
import { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { FUNNEL_STEPS, type AnalyticsEventInput } from '../api/src/contracts/analytics.contract.js';
import { benchConfig, endRun, freshDatabase, runBench, startApi } from './bench-processes.js';

/**
 * npm run bench:analytics
 *
 * Analytics ingest at the rate, with the real API in this process on a fresh database
 * (tribe_bench_analytics) and autocannon in child processes (load-runner.ts):
 *
 * - a normal read (GET /api/v1/events/public, the guest's event list) alone, BENCH_READ_CONNECTIONS connections;
 * - ingest flat out: batches of 50 events to POST /api/v1/analytics/events (each request from its own
 *   client address, as many browsers would send: the per-address limit is not what is measured),
 *   BENCH_CONNECTIONS connections — how many events a second the API can take;
 * - ingest held at the target rate (5,000 events/s: 100 batches a second) and the same read at the
 *   same time — what that traffic costs everyone else.
 *
 * Targets (issue 24): ingest ≥ 5,000 events/s; the read's p99 while 5,000 events/s come in ≤ 1.5 × its p99 alone.
 * Prints figures and MET/MISSED; never fails on time.
 *
 *   BENCH_ANALYTICS_DATABASE_URL, BENCH_SECONDS (5), BENCH_CONNECTIONS (8), BENCH_READ_CONNECTIONS (4)
 */

const DATABASE_URL = process.env.BENCH_ANALYTICS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_analytics';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 4);
const TARGET_EVENTS_PER_SECOND = 5_000;
const TARGET_P99_RATIO = 1.5;
const BATCH = 50;
const BATCHES = 4_000;
const READ = '/api/v1/events/public?limit=10';
const log = (line: string) => console.log(line);

type BenchRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

function load(url: string, requests: BenchRequest[], connections: number, overallRate?: number): Promise<Result> {
  const runner = fileURLToPath(new URL('./load-runner.js', import.meta.url));
  const child = spawn(process.execPath, [runner], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.end(JSON.stringify({ url, connections, seconds: SECONDS, warmupSeconds: 1, requests, overallRate }));
  return exited.then((code) => {
    if (code !== 0) throw new Error(`load runner exited with ${code}`);
    return JSON.parse(Buffer.concat(output).toString('utf8')) as Result;
  });
}

/** A browser's batch: page views and the funnel's steps of one session, sent from its own address. */
function batchRequest(index: number): BenchRequest {
  const sessionId = randomUUID();
  const timestamp = new Date().toISOString();
  const events: AnalyticsEventInput[] = Array.from({ length: BATCH }, (_, at) => {
    const step = FUNNEL_STEPS[at % FUNNEL_STEPS.length]!;
    return {
      page: step.page,
      eventType: step.eventType,
      action: step.action,
      payload: { position: at },
      timestamp,
      sessionId,
      device: 'mobile',
    };
  });
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  return {
    method: 'POST',
    path: '/api/v1/analytics/events',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ events }),
  };
}

const refused = (result: Result) => result.non2xx + result.errors + result.timeouts;

async function main() {
  const config = benchConfig('analytics', DATABASE_URL);
  const client = await freshDatabase(config);
  const { app, url } = await startApi(config);
  try {
    const read = [{ method: 'GET', path: READ }];
    const alone = await load(url, read, READ_CONNECTIONS);
    const batches = Array.from({ length: BATCHES }, (_, index) => batchRequest(index));
    const ingest = await load(url, batches, CONNECTIONS);
    const targetBatchesPerSecond = TARGET_EVENTS_PER_SECOND / BATCH;
    const [paced, underLoad] = await Promise.all([
      load(url, batches, CONNECTIONS, targetBatchesPerSecond),
      load(url, read, READ_CONNECTIONS),
    ]);
    const stored = Number((await client.query<{ count: string }>('SELECT count(*) FROM analytics_event')).rows[0]!.count);

    const eventsPerSecond = (ingest.requests.average * BATCH) | 0;
    const ratio = underLoad.latency.p99 / Math.max(alone.latency.p99, 0.1);
    log(`read alone: ${alone.requests.average | 0} req/s, p99 ${alone.latency.p99} ms (${refused(alone)} not 2xx)`);
    log(
      `ingest: ${ingest.requests.average | 0} batches/s of ${BATCH} = ${eventsPerSecond} events/s, p99 ${ingest.latency.p99} ms (${refused(ingest)} not 2xx); ${stored} events stored`,
    );
    log(
      `ingest held at ${targetBatchesPerSecond} batches/s: ${(paced.requests.average * BATCH) | 0} events/s (${refused(paced)} not 2xx); read meanwhile: ${underLoad.requests.average | 0} req/s, p99 ${underLoad.latency.p99} ms (${refused(underLoad)} not 2xx)`,
    );
    log(
      `${eventsPerSecond >= TARGET_EVENTS_PER_SECOND && refused(ingest) === 0 ? 'MET' : 'MISSED'} ingest ≥ ${TARGET_EVENTS_PER_SECOND} events/s: ${eventsPerSecond}`,
    );
    log(
      `${ratio <= TARGET_P99_RATIO ? 'MET' : 'MISSED'} read p99 while ${TARGET_EVENTS_PER_SECOND} events/s come in ≤ ${TARGET_P99_RATIO} × alone: ${ratio.toFixed(2)} ×`,
    );
  } finally {
    await app.close();
    await endRun(config, client);
  }
}

runBench(main);
