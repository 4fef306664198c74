import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type AddressInfo } from 'node:net';
import pg from 'pg';
import request from 'supertest';
import { createApiApp } from '../../api/src/bootstrap.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { createMigratedDatabase } from './migrated-database.js';
import { clearQueuePrefix } from './queue-prefix.js';
import { testConfig } from './test-config.js';
import { releaseTestDatabase } from './test-database.js';

export interface TestApi {
  app: NestFastifyApplication;
  config: AppConfig;
  /** A direct connection for asserting what the database holds. */
  db: pg.Pool;
  http: () => ReturnType<typeof request>;
  /** The API's address on a real socket (it starts listening on the first call), for clients that need one. */
  baseUrl: () => Promise<string>;
  /** Closes the application alone (a test of the shutdown); `close` then only cleans up. */
  closeApp: () => Promise<void>;
  close: () => Promise<void>;
}

export interface TestApiOptions {
  /**
   * Settings for the API alone (e.g. a database or Redis address through a proxy the test controls);
   * migrations, `db` and the clean-up use the test's own settings.
   */
  apiConfig?: (config: AppConfig) => Partial<AppConfig>;
}

/** The real API in this process, on a fresh migrated database (a copy of the run's template) and real Redis. */
export async function startTestApi(overrides: Record<string, string> = {}, options: TestApiOptions = {}): Promise<TestApi> {
  const config = testConfig(overrides);
  await createMigratedDatabase(config);
  const app = await createApiApp({ ...config, ...options.apiConfig?.(config) });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const db = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
  // The forced drop at the end may cut connections that are still closing; that is expected.
  db.on('error', () => undefined);
  let closing: Promise<void> | undefined;
  const closeApp = () => (closing ??= app.close());
  let listening: Promise<string> | undefined;
  const baseUrl = () => (listening ??= listenOnFreePort(app));
  return {
    app,
    config,
    db,
    http: () => request(app.getHttpServer()),
    baseUrl,
    closeApp,
    close: async () => {
      await closeApp();
      await db.end();
      await clearQueuePrefix(config).catch(() => undefined);
      await releaseTestDatabase(config.DATABASE_URL);
    },
  };
}

/**
 * Listens on a free local port through Nest's own listen (so that closing the app closes the socket
 * too), for clients that need a real connection; the base URL, without /api/v1.
 */
export async function listenOnFreePort(app: NestFastifyApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Counts rows, for asserting that a refused request changed nothing. */
export async function countRows(db: pg.Pool, table: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(`SELECT count(*) FROM ${table}`);
  return Number(rows[0]!.count);
}
