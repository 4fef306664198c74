import { createRedis, readyWithin } from './redis.js';

describe('readyWithin', () => {
  it('waits for a fresh connection, which refuses commands until it is ready', async () => {
    const redis = createRedis('redis://127.0.0.1:6379', 'client');
    try {
      await expect(redis.ping()).rejects.toThrow(/enableOfflineQueue/);
      await expect(readyWithin(redis, 5_000)).resolves.toBe(true);
      await expect(redis.ping()).resolves.toBe('PONG');
      await expect(readyWithin(redis, 5_000)).resolves.toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('gives up after the timeout when Redis cannot be reached', async () => {
    const redis = createRedis('redis://127.0.0.1:6399', 'client');
    redis.on('error', () => undefined);
    try {
      const started = Date.now();
      await expect(readyWithin(redis, 300)).resolves.toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      redis.disconnect();
    }
  });
});
