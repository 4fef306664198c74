import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createApiApp } from '../api/src/bootstrap.js';
import { parseConfig, type AppConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';
import { dropDatabase } from '../api/src/platform/database/postgres-admin.js';

/**
 * Ports a bench's processes take: any free one (0), so a bench runs next to `npm start`, whose API
 * and workers hold the default metrics and ops ports (9464, 9465).
 */
export const BENCH_PORTS = { API_METRICS_PORT: '0', WORKERS_OPS_PORT: '0' } as const;

/** Settings of a bench run: its own database, queue prefix, upload folder and ports, quiet logs. */
export function benchConfig(name: string, databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  const run = `tribe-bench-${name}-${randomUUID().slice(0, 8)}`;
  return parseConfig({
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: run,
    UPLOAD_DIR: join(tmpdir(), run),
    SANDBOX_WEBHOOK_DUPLICATE_RATE: '0',
    ...BENCH_PORTS,
    ...overrides,
  });
}

/**
 * What NODE_ENV=production asks for that a bench never uses, made for this run: Razorpay keys (the
 * bench calls no provider), the invoice link and ticket secrets and the KYC key. Set values in the environment win.
 */
export function productionSecretsForRun(): Record<string, string> {
  const made = {
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: `rzp_test_bench${randomBytes(6).toString('hex')}`,
    RAZORPAY_KEY_SECRET: randomBytes(18).toString('base64url'),
    RAZORPAY_WEBHOOK_SECRET: randomBytes(18).toString('base64url'),
    INVOICE_URL_SECRET: randomBytes(24).toString('base64url'),
    TICKET_SECRET: randomBytes(24).toString('base64url'),
    KYC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  return Object.fromEntries(Object.entries(made).map(([key, value]) => [key, process.env[key] ?? value]));
}

/** The settings as environment variables, for a spawned process. */
export const envOf = (config: AppConfig): Record<string, string> =>
  Object.fromEntries(
    Object.entries(config)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]),
  );

export interface BenchWorkers {
  process: ChildProcess;
  /** Lines logged at error or fatal so far. */
  errors: () => number;
  stop: () => Promise<void>;
}

/** The real workers process (one), its error lines counted (the first five printed). */
export async function startWorkers(config: AppConfig): Promise<BenchWorkers> {
  const main = fileURLToPath(new URL('../workers/src/main.js', import.meta.url));
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...envOf(config), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let errors = 0;
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (/"level":(50|60)/.test(line)) {
        errors += 1;
        if (errors <= 5) console.error(`  workers: ${line.slice(0, 400)}`);
      }
    }
  });
  // The workers log nothing at warn when all is well: give the boot a moment to connect and register.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  if (child.exitCode !== null) throw new Error(`the workers process exited with ${child.exitCode}`);
  return {
    process: child,
    errors: () => errors,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Removes the run's queues from Redis (each run has its own prefix). */
export async function clearQueues(config: AppConfig): Promise<void> {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    for await (const keys of redis.scanStream({ match: `${config.QUEUE_PREFIX}:*`, count: 1000 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
    }
  } finally {
    redis.disconnect();
  }
}

/** A fresh database for the run, migrated, and a client on it. */
export async function freshDatabase(config: AppConfig): Promise<pg.Client> {
  await dropDatabase(config.DATABASE_URL);
  await migrateDatabase(config);
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
  await client.connect();
  return client;
}

/** The API in this process, listening on a free local port. */
export async function startApi(config: AppConfig): Promise<{ app: NestFastifyApplication; url: string }> {
  const app = await createApiApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') throw new Error('the API has no address');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** Ends a run begun with freshDatabase: its client closed, its queues and its upload folder removed. */
export async function endRun(config: AppConfig, client: pg.Client): Promise<void> {
  await client.end();
  await clearQueues(config);
  await rm(config.UPLOAD_DIR, { recursive: true, force: true });
}

/** A product process a bench started: its name, the process, and the last 20 KB of what it printed. */
export interface Child {
  name: string;
  process: ChildProcess;
  output: () => string;
}

/** Starts one of the built entry points (a path relative to dist/bench/) as its own process, with `env` over this one's. */
export function startChild(name: string, script: string, env: Record<string, string>): Child {
  // BENCH_CPU_PROF_DIR: each process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...profile, fileURLToPath(new URL(script, import.meta.url))], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { name, process: child, output: () => output };
}

/** Asks a process to stop, and kills it if it has not within `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Asks a started process to stop, and kills it if it has not within 15 s. */
export const stopChild = (child: Child): Promise<void> => stopProcess(child.process);

/** Waits until `probe` says yes, polling every `everyMs`; throws after `deadlineMs`. */
export async function until(probe: () => Promise<boolean>, what: string, deadlineMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up after ${deadlineMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Runs a bench to its end and exits: 0 when it finished, 1 (the error printed) when it failed. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
