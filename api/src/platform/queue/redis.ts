import { Redis, type RedisOptions } from 'ioredis';

/** The injection token of the shared command connection (not for BullMQ or subscriptions). */
export const REDIS = Symbol('REDIS');

/**
 * BullMQ wants `maxRetriesPerRequest: null` on worker connections; the API's own client fails fast
 * instead so that a Redis outage turns into a 503, not a hung request: commands are refused while it
 * is disconnected, and one that gets no answer within `commandTimeoutMs` (a hung server, or a
 * network that stopped delivering) fails.
 */
export function createRedis(url: string, purpose: 'client' | 'queue', commandTimeoutMs?: number): Redis {
  const options: RedisOptions =
    purpose === 'queue'
      ? { maxRetriesPerRequest: null, enableReadyCheck: false }
      : { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: false, commandTimeout: commandTimeoutMs };
  return new Redis(url, { lazyConnect: false, disconnectTimeout: DISCONNECT_TIMEOUT_MS, ...options });
}

/**
 * How long a closing connection may take to end before its socket is destroyed. ioredis waits 2 s by
 * default, and waits that long even for a socket that died before (Redis unreachable): every stopping
 * process then lingered 2 s after its work was done.
 */
export const DISCONNECT_TIMEOUT_MS = 200;

/**
 * Resolves true once the client is ready, or false after `timeoutMs`. The API's client refuses
 * commands until then (no offline queue), so boot waits for it, but an unreachable Redis must not
 * stop the boot: /health reports it instead.
 */
export function readyWithin(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => finish(true);
    const timer = setTimeout(() => finish(false), timeoutMs);
    redis.once('ready', onReady);
  });
}
