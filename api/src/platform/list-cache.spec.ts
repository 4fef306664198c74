import { jest } from '@jest/globals';
import { ListCache } from './list-cache.js';

describe('ListCache', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  const counter = () => {
    let calls = 0;
    return {
      load: () => Promise.resolve(++calls),
      get calls() {
        return calls;
      },
    };
  };

  it('serves a fresh entry without loading again', async () => {
    const cache = new ListCache<number>(1000, 10);
    const source = counter();
    expect(await cache.get('k', source.load)).toBe(1);
    now += 999;
    expect(await cache.get('k', source.load)).toBe(1);
    expect(source.calls).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new ListCache<number>(1000, 10);
    const source = counter();
    expect(await Promise.all([cache.get('k', source.load), cache.get('k', source.load)])).toEqual([1, 1]);
    expect(source.calls).toBe(1);
  });

  it('serves a stale entry once while refreshing it in the background, then the new value', async () => {
    const cache = new ListCache<number>(1000, 10);
    const source = counter();
    await cache.get('k', source.load);
    now += 1500;
    expect(await cache.get('k', source.load)).toBe(1);
    await Promise.resolve();
    expect(source.calls).toBe(2);
    expect(await cache.get('k', source.load)).toBe(2);
    expect(source.calls).toBe(2);
  });

  it('loads again, waiting, once an entry is older than twice the ttl', async () => {
    const cache = new ListCache<number>(1000, 10);
    const source = counter();
    await cache.get('k', source.load);
    now += 2500;
    expect(await cache.get('k', source.load)).toBe(2);
  });

  it('forgets everything on clear, including refreshes started before it', async () => {
    const cache = new ListCache<number>(1000, 10);
    let release: (value: number) => void = () => undefined;
    await cache.get('k', () => Promise.resolve(1));
    now += 1500;
    await cache.get('k', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(99);
    await Promise.resolve();
    expect(await cache.get('k', () => Promise.resolve(3))).toBe(3);
  });

  it('does not keep failures', async () => {
    const cache = new ListCache<number>(1000, 10);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', () => Promise.resolve(5))).toBe(5);
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = new ListCache<number>(1000, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, () => Promise.resolve(1));
    expect(cache.size).toBe(2);
    const source = counter();
    await cache.get('a', source.load);
    expect(source.calls).toBe(1);
  });

  it('is off with a ttl of 0', async () => {
    const cache = new ListCache<number>(0, 10);
    const source = counter();
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
  });
});
