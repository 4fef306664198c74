import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { benchConfig, endRun, freshDatabase, runBench, startApi, startWorkers, type BenchWorkers } from './bench-processes.js';
import { latencyLine, latencyOf, pacedLoad, type Latency } from './paced-load-client.js';

/**
 * npm run bench:invoices
 *
 * 1,000 captured payments invoiced through the queue by one workers process (the real one,
 * dist/workers/src/main.js: outbox relay → BullMQ → invoice.issue → number, PDF, local-disk store,
 * row), while the API in this process answers a paced stream of event list requests. Prints
 * invoices per second, and the list's latency during the run against the same list with the workers
 * idle. Targets (issue 9): ≥ 20 invoices/s; list p99 during the run ≤ 1.5 × idle. Prints figures and
 * MET/MISSED; never fails on time. Starts from a fresh database (tribe_bench_invoices) every run.
 *
 *   BENCH_INVOICES (1000), BENCH_RATE (list requests per second, 100), BENCH_IDLE_SECONDS (10)
 */

const DATABASE_URL = process.env.BENCH_INVOICES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_invoices';
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const EVENTS = 300;
const TIMEOUT_MS = 10 * 60 * 1000;
const log = (line: string) => console.log(line);

const benchSettings = () => benchConfig('invoices', DATABASE_URL);

const CITIES = [
  ['Indiranagar, Bengaluru, Karnataka', 'Bengaluru'],
  ['Bandra West, Mumbai', 'Mumbai'],
  ['Hauz Khas, New Delhi', 'Delhi'],
  ['Koregaon Park, Pune', 'Pune'],
  ['Jubilee Hills, Hyderabad', 'Hyderabad'],
] as const;

/** Hosts, events, fans and their captured payments, written directly (the payments flow has its own tests). */
async function seed(client: pg.Client): Promise<void> {
  const { rows: hosts } = await client.query<{ id: string }>(
    `INSERT INTO users (role, name, email) SELECT 'influencer', 'Host ' || n, 'bench.host.' || n || '@example.in'
       FROM generate_series(1, 20) AS n RETURNING id`,
  );
  await client.query(
    `INSERT INTO event (title, description, date, location, city, host_id, category, min_bid, capacity)
     SELECT 'Bench event ' || n, 'An evening of music and food.', now() + (n || ' hours')::interval,
            ($3::text[])[1 + n % 5], ($4::text[])[1 + n % 5], ($1::uuid[])[1 + n % $2], 'music', 500 + (n % 4) * 340, 100
       FROM generate_series(1, ${EVENTS}) AS n`,
    [hosts.map((host) => host.id), hosts.length, CITIES.map(([location]) => location), CITIES.map(([, city]) => city)],
  );
  await client.query(
    `INSERT INTO users (role, name, email, location) SELECT 'fan', 'Fan ' || n, 'bench.fan.' || n || '@example.in',
            (ARRAY['Kochi, Kerala', 'Bengaluru', 'Mumbai', 'Chennai', NULL])[1 + n % 5]
       FROM generate_series(1, $1) AS n`,
    [INVOICES],
  );
  await client.query(
    `INSERT INTO payment_transaction (payer_id, event_id, temp_bid_id, provider, order_id, payment_id, amount, state,
            captured_amount, authorized_at, state_changed_at)
     SELECT f.id, e.id, 'bench-' || f.n, 'sandbox', 'order_bench_' || f.n, 'pay_bench_' || f.n, e.min_bid, 'captured',
            e.min_bid, now(), now() - interval '1 minute'
       FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE role = 'fan') f
       JOIN (SELECT id, min_bid, row_number() OVER (ORDER BY title) AS n FROM event) e ON e.n = 1 + f.n % ${EVENTS}`,
  );
}

async function main(): Promise<void> {
  const config = benchSettings();
  log(`database ${DATABASE_URL} (fresh), ${INVOICES} invoices, list load ${RATE} req/s, workers at nice ${config.WORKERS_NICE}`);
  log(`${cpus().length} CPUs, load average before: ${loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  const client = await freshDatabase(config);
  let api: NestFastifyApplication | undefined;
  let workers: BenchWorkers | undefined;
  try {
    await seed(client);
    const served = await startApi(config);
    api = served.app;
    const url = served.url;
    const paths = [1, 2, 3, 4, 5].flatMap((page) =>
      ['', '&city=Mumbai', '&category=music', '&upcomingOnly=true'].map((filter) => `/api/v1/events/public/filter?page=${page}${filter}`),
    );
    for (let round = 0; round < 3; round += 1) {
      for (const path of paths) await (await fetch(`${url}${path}`)).arrayBuffer();
    }

    workers = await startWorkers(config);
    // Idle is measured before and after the run (the workers running, with nothing to do), so a
    // neighbour's load that comes or goes during the bench weighs on both sides alike.
    const measureIdle = async (when: string) => {
      log(`idle (${when}): the list for ${IDLE_SECONDS} s, the workers running with nothing to do`);
      const idleLoad = pacedLoad(url, paths, RATE);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      return idleLoad.stop();
    };
    const idleBefore = await measureIdle('before');

    log(`run: ${INVOICES} payment.captured events published at once`);
    const runLoad = pacedLoad(url, paths, RATE);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    await client.query(
      `INSERT INTO outbox_event (id, type, payload)
       SELECT gen_random_uuid(), 'payment.captured', jsonb_build_object('transactionId', id) FROM payment_transaction`,
    );
    let issued = 0;
    while (issued < INVOICES) {
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`only ${issued} invoices after ${TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      issued = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM invoice`)).rows[0]!.n);
    }
    const elapsed = (Date.now() - started) / 1000;
    const during = latencyOf(await runLoad.stop());
    const idleAfter = await measureIdle('after');
    const idle = latencyOf(idleBefore, idleAfter);

    const { rows: span } = await client.query<{ first: Date; last: Date; max: number; count: string; intra: string }>(
      `SELECT min(created_at) AS first, max(created_at) AS last, max(sequence) AS max, count(*) AS count,
              count(*) FILTER (WHERE cgst + sgst > 0) AS intra FROM invoice WHERE kind = 'invoice'`,
    );
    const issuing = (span[0]!.last.getTime() - span[0]!.first.getTime()) / 1000;
    const gapless = Number(span[0]!.count) === INVOICES && span[0]!.max === INVOICES;

    const row = (label: string, figures: Latency) => log(latencyLine(label, figures));
    log(`\ninvoices: ${INVOICES} issued in ${elapsed.toFixed(2)} s from publishing → ${(INVOICES / elapsed).toFixed(1)} invoices/s`);
    log(`  first to last invoice: ${issuing.toFixed(2)} s → ${(INVOICES / Math.max(issuing, 0.001)).toFixed(1)} invoices/s while issuing`);
    log(
      `  numbers 1..${span[0]!.max}, ${span[0]!.count} rows: ${gapless ? 'gapless' : 'GAPS'}; ${span[0]!.intra} CGST+SGST, the rest IGST`,
    );
    log(`  workers errors logged: ${workers.errors()}`);
    log(`\nevent list (GET /events/public/filter, ${paths.length} pages, paced at ${RATE} req/s):`);
    row('idle', idle);
    row('  before', latencyOf(idleBefore));
    row('  after', latencyOf(idleAfter));
    row('during', during);
    const ratio = during.p99 / idle.p99;
    log('\ntargets:');
    const verdict = (label: string, ok: boolean, detail: string) => log(`  ${ok ? 'MET   ' : 'MISSED'} ${label}: ${detail}`);
    verdict('≥ 20 invoices/s with one workers process', INVOICES / elapsed >= 20, `${(INVOICES / elapsed).toFixed(1)} invoices/s`);
    verdict(
      'list p99 during the run ≤ 1.5 × idle',
      ratio <= 1.5,
      `${during.p99.toFixed(2)} ms vs ${idle.p99.toFixed(2)} ms (×${ratio.toFixed(2)})`,
    );
    log(`load average after: ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await workers?.stop();
    await api?.close();
    await endRun(config, client);
  }
}

runBench(main);
