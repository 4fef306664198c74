import { Redis } from 'ioredis';
import pg from 'pg';
import { type AppConfig } from '../api/src/platform/config/config.schema.js';

export class PreflightError extends Error {}

function hostOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432)}`;
}

/** Fails with one line naming the missing service and how to start it. */
export async function checkServices(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>): Promise<void> {
  const adminUrl = new URL(config.DATABASE_URL);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch {
    throw new PreflightError(
      `PostgreSQL is not reachable at ${hostOf(config.DATABASE_URL)}. Start it with: ` +
        `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start (or: docker compose up -d postgres), ` +
        `or set DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }

  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new PreflightError(
      `Redis is not reachable at ${hostOf(config.REDIS_URL)}. Start it with: ` +
        `redis-server --daemonize yes --bind 127.0.0.1 --port 6379 (or: docker compose up -d redis), or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}
