import { Redis, type RedisOptions } from 'ioredis';

/** The injection token of the shared command connection (not for BullMQ or subscriptions). */
export const REDIS = Symbol('REDIS');

/**
 * BullMQ wants `maxRetriesPerRequest: null` on worker connections; the API's own client fails fast
 * instead so that a Redis outage turns into a 503, not a hung request.
 */
export function createRedis(url: string, purpose: 'client' | 'queue'): Redis {
  const options: RedisOptions =
    purpose === 'queue'
      ? { maxRetriesPerRequest: null, enableReadyCheck: false }
      : { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false };
  return new Redis(url, { lazyConnect: false, ...options });
}
