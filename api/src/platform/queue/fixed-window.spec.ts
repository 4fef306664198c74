import { jest } from '@jest/globals';
import { type Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { FixedWindowCounter } from './fixed-window.js';

/** A Redis whose INCR answers the counts given, one per call (or fails when there is none left). */
function redisCounting(...counts: number[]) {
  const keys: string[] = [];
  const redis = {
    multi: () => {
      const chain = {
        incr: (key: string) => (keys.push(key), chain),
        pexpire: () => chain,
        exec: async () => {
          const count = counts.shift();
          if (count === undefined) throw new Error('Connection is closed.');
          return [[null, count]];
        },
      };
      return chain;
    },
  };
  return { redis: redis as unknown as Redis, keys };
}

const quietLogger = () => ({ warn: jest.fn() }) as unknown as Logger & { warn: jest.Mock };

describe('FixedWindowCounter', () => {
  afterEach(() => jest.useRealTimers());

  it('admits up to the limit in a window, then says how many whole seconds remain of it', async () => {
    jest.useFakeTimers({ now: new Date('2031-06-01T10:00:04.200Z') });
    const { redis, keys } = redisCounting(1, 2, 3);
    const counter = new FixedWindowCounter(redis, quietLogger());
    const rate = { limit: 2, windowMs: 10_000 };
    expect(await counter.take('chat:send-rate:room:asha', rate)).toBeNull();
    expect(await counter.take('chat:send-rate:room:asha', rate)).toBeNull();
    expect(await counter.take('chat:send-rate:room:asha', rate)).toBe(6);
    // The window is the clock cut in windowMs slices, named in the key.
    expect(new Set(keys)).toEqual(new Set([`chat:send-rate:room:asha:${Math.floor(Date.now() / 10_000)}`]));
  });

  it('says at least one second, even at the very end of a window', async () => {
    jest.useFakeTimers({ now: new Date('2031-06-01T10:00:09.999Z') });
    const counter = new FixedWindowCounter(redisCounting(5).redis, quietLogger());
    expect(await counter.take('k', { limit: 1, windowMs: 10_000 })).toBe(1);
  });

  it('refuses nothing when Redis cannot count, and says so in the log', async () => {
    const logger = quietLogger();
    const counter = new FixedWindowCounter(redisCounting().redis, logger);
    expect(await counter.take('k', { limit: 1, windowMs: 10_000 })).toBeNull();
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ key: 'k' }), 'rate not counted: Redis is unavailable');
  });
});
