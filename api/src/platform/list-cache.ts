interface Entry<T> {
  value: Promise<T>;
  settled: boolean;
  freshUntil: number;
  refreshing: boolean;
}

/**
 * A small in-process cache for list reads (event pages and totals, community feed pages), keyed by the exact query.
 *
 * - An entry is fresh for `ttlMs`. For another `ttlMs` after that it is still served while one
 *   background query refreshes it (stale-while-revalidate), so expiry never makes callers wait.
 *   A process that never hears of a change therefore serves it within 2 × ttlMs.
 * - Any event write in this process clears everything: a host sees their own change at once.
 * - Concurrent misses for one key share one database query.
 * - At most `maxEntries` keys; the oldest is dropped first. A ttl of 0 turns the cache off.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry) {
      if (now < entry.freshUntil) return entry.value;
      if (entry.settled && now < entry.freshUntil + this.ttlMs) {
        if (!entry.refreshing) this.refresh(key, entry, load);
        return entry.value;
      }
      this.entries.delete(key);
    }
    return this.store(key, load()).value;
  }

  /** After a write: nothing read before it is served again. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: Promise<T>): Entry<T> {
    const generation = this.generation;
    const entry: Entry<T> = { value, settled: false, freshUntil: Date.now() + this.ttlMs, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    value.then(
      () => {
        entry.settled = true;
        entry.freshUntil = Date.now() + this.ttlMs;
      },
      () => {
        if (this.generation === generation && this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }

  private refresh(key: string, stale: Entry<T>, load: () => Promise<T>): void {
    stale.refreshing = true;
    const generation = this.generation;
    load().then(
      (value) => {
        if (this.generation !== generation || this.entries.get(key) !== stale) return;
        this.store(key, Promise.resolve(value));
      },
      () => {
        if (this.entries.get(key) === stale) stale.refreshing = false;
      },
    );
  }
}
