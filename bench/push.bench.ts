import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { benchConfig, endRun, freshDatabase, runBench, startApi, startWorkers, type BenchWorkers } from './bench-processes.js';
import { latencyLine, latencyOf, pacedLoad, type Latency } from './paced-load-client.js';

/**
 * npm run bench:push
 *
 * An admin announcement to everyone, 10,000 people with one browser each, through the real path:
 * POST /admin/notifications → the announcement fan-out (a notification per person, deliveries
 * planned in batches of 500) → outbox relay → BullMQ → push.deliver in one workers process, with the
 * log provider. Prints the time until every push is queued (planned, and its batch's job in Redis)
 * and until every push is delivered, and the API's latency during the run against idle. Targets
 * (issue 10): queued ≤ 1 s, delivered ≤ 5 s. Prints figures and MET/MISSED; never fails on time.
 *
 *   BENCH_DEVICES (10000), BENCH_RATE (list requests per second, 100), BENCH_IDLE_SECONDS (5)
 */

const DATABASE_URL = process.env.BENCH_PUSH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_push';
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const TIMEOUT_MS = 5 * 60 * 1000;
const log = (line: string) => console.log(line);

/** People with one browser each (the log provider never calls the endpoints), and some events for the list load. */
async function seed(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO users (role, name, email, location, city)
     SELECT 'fan', 'Fan ' || n, 'bench.fan.' || n || '@example.in', 'Mumbai', 'Mumbai' FROM generate_series(1, $1) AS n`,
    [DEVICES],
  );
  await client.query(
    `INSERT INTO push_device (user_id, kind, token, p256dh, auth)
     SELECT id, 'webpush', 'https://push.bench.invalid/' || id, 'bench-p256dh', 'bench-auth' FROM users WHERE role = 'fan'`,
  );
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (role, name, email) VALUES ('influencer', 'Bench Host', 'bench.host@example.in') RETURNING id`,
  );
  await client.query(
    `INSERT INTO event (title, description, date, location, city, host_id, category, min_bid, capacity)
     SELECT 'Bench event ' || n, 'An evening of music and food.', now() + (n || ' hours')::interval, 'Bandra West, Mumbai', 'Mumbai',
            $1, 'music', 500, 100
       FROM generate_series(1, 200) AS n`,
    [rows[0]!.id],
  );
}

async function adminToken(url: string, client: pg.Client): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench.admin@example.in', password: 'a-good-password', name: 'Bench Admin' }),
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  if (!response.ok) throw new Error(`registering the admin answered ${response.status}`);
  await client.query(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [body.user.id]);
  return body.token;
}

const count = async (client: pg.Client, sql: string): Promise<number> => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);

async function until(what: string, started: number, probe: () => Promise<boolean>): Promise<number> {
  while (!(await probe())) {
    if (Date.now() - started > TIMEOUT_MS) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return (Date.now() - started) / 1000;
}

async function main(): Promise<void> {
  const config = benchConfig('push', DATABASE_URL, { PUSH_PROVIDER: 'log' });
  log(`database ${DATABASE_URL} (fresh), ${DEVICES} devices, list load ${RATE} req/s, workers at nice ${config.WORKERS_NICE}`);
  log(`${cpus().length} CPUs, load average before: ${loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  const client = await freshDatabase(config);
  let api: NestFastifyApplication | undefined;
  let workers: BenchWorkers | undefined;
  try {
    await seed(client);
    const served = await startApi(config);
    api = served.app;
    const url = served.url;
    const token = await adminToken(url, client);
    const paths = [1, 2, 3, 4, 5].map((page) => `/api/v1/events/public/filter?page=${page}`);
    for (const path of paths) await (await fetch(`${url}${path}`)).arrayBuffer();

    workers = await startWorkers(config);
    log(`idle: the list for ${IDLE_SECONDS} s, the workers running with nothing to do`);
    const idleLoad = pacedLoad(url, paths, RATE);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = latencyOf(await idleLoad.stop());

    log(`run: an announcement to everyone (${DEVICES} people, one browser each)`);
    const runLoad = pacedLoad(url, paths, RATE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const response = await fetch(`${url}/api/v1/admin/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Tribe turns one',
        body: 'Thank you for building your tribe with us.',
        type: 'admin_announcement',
        audience: { kind: 'everyone' },
      }),
    });
    if (response.status !== 201) throw new Error(`the announcement answered ${response.status}: ${await response.text()}`);
    const accepted = (Date.now() - started) / 1000;
    const planned = await until(
      'every push to be planned',
      started,
      async () => (await count(client, 'SELECT count(*) AS n FROM push_delivery')) >= DEVICES,
    );
    const queued = await until(
      'every batch to reach the queue',
      started,
      async () =>
        (await count(client, `SELECT count(*) AS n FROM outbox_event WHERE type = 'push.batch_planned' AND published_at IS NULL`)) === 0 &&
        (await count(client, `SELECT count(*) AS n FROM outbox_event WHERE type = 'push.batch_planned'`)) > 0,
    );
    const delivered = await until(
      'every push to be delivered',
      started,
      async () => (await count(client, `SELECT count(*) AS n FROM push_delivery WHERE status = 'delivered'`)) >= DEVICES,
    );
    const during = latencyOf(await runLoad.stop());
    const shown = await count(client, 'SELECT count(*) AS n FROM push_log');
    const resent = await count(client, 'SELECT count(*) AS n FROM push_log WHERE sends > 1');
    const batches = await count(client, `SELECT count(DISTINCT batch_id) AS n FROM push_delivery`);

    const row = (label: string, figures: Latency) => log(latencyLine(label, figures));
    log(`\nannouncement answered (201) after ${accepted.toFixed(3)} s`);
    log(`  every push planned after ${planned.toFixed(3)} s (${batches} batches)`);
    log(`  every batch queued after ${queued.toFixed(3)} s`);
    log(`  every push delivered after ${delivered.toFixed(3)} s → ${(DEVICES / delivered).toFixed(0)} pushes/s`);
    log(`  the log provider shows ${shown} pushes, ${resent} sent more than once; workers errors logged: ${workers.errors()}`);
    log(`\nevent list (GET /events/public/filter, paced at ${RATE} req/s):`);
    row('idle', idle);
    row('during', during);
    log('\ntargets:');
    const verdict = (label: string, ok: boolean, detail: string) => log(`  ${ok ? 'MET   ' : 'MISSED'} ${label}: ${detail}`);
    verdict('queued ≤ 1 s', queued <= 1, `${queued.toFixed(3)} s`);
    verdict('delivered ≤ 5 s with one workers process', delivered <= 5, `${delivered.toFixed(3)} s`);
    log(`API p99 during the run: ${during.p99.toFixed(2)} ms (idle ${idle.p99.toFixed(2)} ms)`);
    log(`load average after: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await workers?.stop();
    await api?.close();
    await endRun(config, client);
  }
}

runBench(main);
