import { Redis } from 'ioredis';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { DISCONNECT_TIMEOUT_MS } from '../../api/src/platform/queue/redis.js';

/** Removes every Redis key of a test run's queue prefix (queues, login counters). */
export async function clearQueuePrefix(config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>): Promise<void> {
  const redis = new Redis(config.REDIS_URL, {
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
  });
  redis.on('error', () => undefined);
  try {
    const keys = await redis.keys(`${config.QUEUE_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
