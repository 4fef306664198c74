import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';
import { dropDatabase } from '../api/src/platform/database/postgres-admin.js';
import { latencyOf, pacedLoad, type Latency } from './paced-load-client.js';
import { startRoundRobinBalancer } from './round-robin-balancer.js';

/**
 * npm run bench:rollout
 *
 * A rolling restart under load: two API processes (the compiled product, dist/api/src/main.js)
 * behind a load balancer that polls their readiness (bench/round-robin-balancer.ts, standing in for
 * a Kubernetes Service and its ingress), a paced stream of BENCH_RATE (200) public event-list
 * requests a second. First BENCH_STEADY_SECONDS (10) with both up; then the roll: each process in
 * turn gets SIGTERM, drains and exits, is started again and waits until it is ready, as a
 * Deployment with maxUnavailable 1 does. Prints failed requests (target 0) and latency for the
 * steady phase and for the roll. Prints figures; never fails on time. Fresh database
 * (tribe_bench_rollout) every run.
 *
 *   BENCH_RATE (200), BENCH_STEADY_SECONDS (10), BENCH_DRAIN_MS (SHUTDOWN_DRAIN_MS of the APIs, 2000)
 */

const DATABASE_URL = process.env.BENCH_ROLLOUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_rollout';
const RATE = Number(process.env.BENCH_RATE ?? 200);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const DRAIN_MS = Number(process.env.BENCH_DRAIN_MS ?? 2_000);
const EVENTS = 300;
const WARMUP_SECONDS = 5;
const READY_TIMEOUT_MS = 60_000;
const log = (line: string) => console.log(line);

interface ApiProcess {
  port: number;
  child: ChildProcess;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

const readyUrl = (port: number) => `http://127.0.0.1:${port}/api/v1/health/ready`;

async function startApi(port: number): Promise<ApiProcess> {
  const main = fileURLToPath(new URL('../api/src/main.js', import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL,
      QUEUE_PREFIX: 'tribe-bench-rollout',
      API_PORT: String(port),
      API_METRICS_PORT: '0',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API on port ${port} exited during start-up`);
    const ready = await fetch(readyUrl(port)).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, child };
    if (Date.now() > deadline) throw new Error(`the API on port ${port} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
    await sleep(50);
  }
}

/** SIGTERM, then the exit: how long it took and the exit code. */
async function stopApi(api: ApiProcess): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  const exited = once(api.child, 'exit') as Promise<[number | null]>;
  api.child.kill('SIGTERM');
  const [code] = await exited;
  return { ms: performance.now() - started, code };
}

async function seed(): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows: hosts } = await client.query<{ id: string }>(
      `INSERT INTO users (role, name, email) SELECT 'influencer', 'Host ' || n, 'bench.host.' || n || '@example.in'
         FROM generate_series(1, 20) AS n RETURNING id`,
    );
    await client.query(
      `INSERT INTO event (title, description, date, location, city, host_id, category, min_bid, capacity)
       SELECT 'Rollout event ' || n, 'An evening of music.', now() + (n || ' hours')::interval, 'Bandra West, Mumbai', 'Mumbai',
              ($1::uuid[])[1 + n % 20], 'music', 500, 100
         FROM generate_series(1, ${EVENTS}) AS n`,
      [hosts.map((host) => host.id)],
    );
  } finally {
    await client.end();
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const row = (label: string, figures: Latency) =>
  log(
    `${label.padEnd(8)} ${String(figures.answered).padStart(6)} answered in ${figures.seconds.toFixed(1)} s, ` +
      `failed ${figures.errors + figures.non2xx} (errors ${figures.errors}, non-2xx ${figures.non2xx}), skipped ${figures.skipped}; ` +
      `p50 ${ms(figures.p50)}, p90 ${ms(figures.p90)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}`,
  );

async function main() {
  log(
    `node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  await dropDatabase(DATABASE_URL);
  await migrateDatabase(parseConfig({ ...process.env, DATABASE_URL }));
  await seed();

  const apis = await Promise.all([await freePort(), await freePort()].map(startApi));
  const balancer = await startRoundRobinBalancer(apis.map(({ port }) => ({ port, readyUrl: readyUrl(port) })));
  const url = `http://127.0.0.1:${balancer.port}`;
  const paths = [1, 2, 3, 4, 5].map((page) => `/api/v1/events/public?page=${page}`);
  const rolls: string[] = [];
  try {
    log(`two APIs behind a readiness-polling round robin, ${RATE} req/s, drain ${DRAIN_MS} ms after SIGTERM`);
    // Warm-up (not measured): both processes compile their hot paths and fill their pools first.
    const warmUp = pacedLoad(url, paths, RATE / 4);
    await sleep(WARMUP_SECONDS * 1000);
    await warmUp.stop();
    const steadyLoad = pacedLoad(url, paths, RATE);
    await sleep(STEADY_SECONDS * 1000);
    const steady = latencyOf(await steadyLoad.stop());

    const rollLoad = pacedLoad(url, paths, RATE);
    for (const [index, api] of apis.entries()) {
      const stopped = await stopApi(api);
      const restarted = performance.now();
      apis[index] = await startApi(api.port);
      rolls.push(
        `API ${index + 1}: SIGTERM → exit ${ms(stopped.ms)} (code ${stopped.code}), restart → ready ${ms(performance.now() - restarted)}`,
      );
    }
    // A moment with both back, so the last restart's first requests are measured too.
    await sleep(2_000);
    const roll = latencyOf(await rollLoad.stop());

    log('');
    for (const line of rolls) log(line);
    log(`connections given per API: ${balancer.connections().join(', ')}`);
    log('');
    row('steady', steady);
    row('roll', roll);
    const failed = roll.errors + roll.non2xx;
    log(`\nfailed requests during the roll: ${failed} (target 0); p99 during the roll ${ms(roll.p99)}`);
    log(`  ${failed === 0 ? 'MET   ' : 'MISSED'} no failed request while the APIs restart one by one: ${failed} failed`);
  } finally {
    await balancer.close();
    await Promise.all(apis.filter((api) => api.child.exitCode === null).map(stopApi));
    await dropDatabase(DATABASE_URL).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
