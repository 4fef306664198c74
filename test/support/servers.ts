import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { freePort, startNodeProcess, type NodeProcess } from './node-process.js';
import { waitUntil } from './poll.js';
import { clearQueuePrefix } from './queue-prefix.js';
import { configEnv, testConfig } from './test-config.js';
import { createTestDatabase, releaseTestDatabase } from './test-database.js';

/**
 * The product as real processes for workflow and browser tests: a fresh database and queue prefix,
 * then the compiled API, workers and (optionally) web server on free ports. Assumes `npm run build`.
 */
export interface Stack {
  config: AppConfig;
  /** http://127.0.0.1:<web port>, when the web server was started */
  webUrl: string;
  /** http://127.0.0.1:<api port> (without /api/v1) */
  apiUrl: string;
  /** The API's Prometheus endpoint: http://127.0.0.1:<API_METRICS_PORT>/metrics */
  apiMetricsUrl: string;
  /** The workers' ops server (/live, /ready, /metrics): http://127.0.0.1:<WORKERS_OPS_PORT> */
  workersOpsUrl: string;
  processes: Record<string, NodeProcess>;
  /**
   * Starts a workers process again with the same settings (after the test killed or stopped the
   * last one), as `processes.workers`; `script` runs instead of the product's workers entry, with
   * `env` on top of the settings (a second process beside the first needs its own WORKERS_OPS_PORT).
   */
  startWorkers: (script?: string, env?: Record<string, string>) => NodeProcess;
  /** Starts one more API process with the same settings and these on top (its own ports), as `processes[name]`. */
  startApi: (name: string, overrides: Record<string, string>) => NodeProcess;
  /** Everything the processes printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export type BrowserStack = Stack;

const ENTRY_POINTS = {
  api: 'dist/api/src/main.js',
  workers: 'dist/workers/src/main.js',
  web: 'dist/web/server/main.js',
  migrate: 'dist/scripts/migrate.js',
  webBuild: 'web/build/server/index.js',
} as const;

/** What the compiled migrate script applies: the template of the process stacks is named after these files. */
const COMPILED_MIGRATIONS = 'dist/migrations';

export const startBrowserStack = (config?: Record<string, string>) => startStack({ web: true, config });

export interface StackOptions {
  web: boolean;
  /** Settings for every process (on top of the test defaults). */
  config?: Record<string, string>;
  /** Settings for the API alone (e.g. its log level). */
  apiEnv?: Record<string, string>;
  /** Settings for the workers alone (e.g. a database address through a proxy the test controls). */
  workersEnv?: (config: AppConfig) => Record<string, string>;
  /** A compiled script to run as the workers instead of the product's entry (a fault injector of a test's own). */
  workersScript?: string;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  // Without the web server, the server build alone (npm run build:server) is enough.
  const needed = options.web ? Object.values(ENTRY_POINTS) : [ENTRY_POINTS.api, ENTRY_POINTS.workers, ENTRY_POINTS.migrate];
  for (const file of needed) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the workflow and browser tests.`);
  }
  const [apiPort, webPort, metricsPort, opsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const webUrl = `http://127.0.0.1:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const config = testConfig({
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    CORS_ORIGINS: `${webUrl},http://localhost:${webPort}`,
    PUBLIC_API_URL: apiUrl,
    API_METRICS_PORT: String(metricsPort),
    WORKERS_OPS_PORT: String(opsPort),
    ...options.config,
  });
  const env = {
    ...configEnv(config),
    LOG_LEVEL: process.env.TRIBE_TEST_LOG_LEVEL ?? 'warn',
    API_URL: apiUrl,
    COOKIE_SECURE: 'false',
    // Journeys change what guests see and look at once; the cache has its own test (guest-page-cache.spec.ts).
    GUEST_PAGE_CACHE_TTL_MS: '0',
  };

  // A copy of the template the compiled migrations make (through the compiled script: Playwright's
  // own TypeScript loader cannot run TypeORM's decorated entities, so this module must not import the
  // database code directly).
  await createTestDatabase(config.DATABASE_URL, COMPILED_MIGRATIONS, (databaseUrl) =>
    runToEnd(ENTRY_POINTS.migrate, { ...env, DATABASE_URL: databaseUrl }),
  );

  // The workers announce readiness at info level.
  const workersEnv = { ...env, LOG_LEVEL: 'info', ...options.workersEnv?.(config) };
  const processes: Record<string, NodeProcess> = {
    api: startNodeProcess(ENTRY_POINTS.api, { ...env, ...options.apiEnv }),
    workers: startNodeProcess(options.workersScript ?? ENTRY_POINTS.workers, workersEnv),
    ...(options.web ? { web: startNodeProcess(ENTRY_POINTS.web, env) } : {}),
  };
  const startWorkers = (script: string = ENTRY_POINTS.workers, env: Record<string, string> = {}) =>
    (processes.workers = startNodeProcess(script, { ...workersEnv, ...env }));
  const startApi = (name: string, overrides: Record<string, string>) =>
    (processes[name] = startNodeProcess(ENTRY_POINTS.api, { ...env, ...options.apiEnv, ...overrides }));
  const output = () =>
    Object.entries(processes)
      .map(([name, process]) => `--- ${name} ---\n${process.output()}`)
      .join('\n');

  const stop = async () => {
    await Promise.all(Object.values(processes).map((process) => process.stop()));
    await clearQueuePrefix(config).catch(() => undefined);
    await releaseTestDatabase(config.DATABASE_URL).catch(() => undefined);
    await rm(config.UPLOAD_DIR, { recursive: true, force: true });
  };

  try {
    const alive = () => {
      for (const [name, process] of Object.entries(processes)) {
        if (process.child.exitCode !== null) throw new Error(`${name} exited during start-up:\n${output()}`);
      }
    };
    await waitUntil(
      async () => {
        alive();
        return (await fetch(`${apiUrl}/api/v1/health`).catch(() => undefined))?.ok;
      },
      'the API to be healthy',
      60_000,
    );
    await waitUntil(
      async () => {
        alive();
        return processes.workers.output().includes('workers started');
      },
      'the workers to start',
      60_000,
    );
    if (options.web) {
      await waitUntil(
        async () => {
          alive();
          return (await fetch(`${webUrl}/login`, { redirect: 'manual' }).catch(() => undefined))?.status === 200;
        },
        'the web server to answer',
        60_000,
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const apiMetricsUrl = `http://127.0.0.1:${config.API_METRICS_PORT}/metrics`;
  const workersOpsUrl = `http://127.0.0.1:${config.WORKERS_OPS_PORT}`;
  return { config, webUrl, apiUrl, apiMetricsUrl, workersOpsUrl, processes, startWorkers, startApi, output, stop };
}

async function runToEnd(script: string, env: Record<string, string>): Promise<void> {
  const run = startNodeProcess(script, env);
  const [code] = (await once(run.child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} failed (exit ${code}):\n${run.output()}`);
}
