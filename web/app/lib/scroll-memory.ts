/**
 * Scroll memory (SPEC §2 "Bottom navigation", §9): the page's scroll position is remembered per
 * path, and per tab on /home, so coming back to a list lands where the person left it.
 * - Saved only when above 0 (reaching the top forgets the entry, so a stale position never comes back).
 * - Saving is debounced by 150 ms.
 * - Restoring retries up to 5 times at growing 100 ms steps (100, 200, ... 500 ms), because the
 *   list may still be growing when the page shows.
 * Plain module: storage and timers are passed in, so it runs (and is tested) without a browser.
 */
import { scrollKeyFor } from './nav';

export { scrollKeyFor };

export const SCROLL_SAVE_DEBOUNCE_MS = 150;
export const SCROLL_RESTORE_RETRIES = 5;
export const SCROLL_RESTORE_STEP_MS = 100;
const PREFIX = 'tribe:scroll:';

/** The part of Web Storage this module uses (localStorage or sessionStorage fit). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Stores the position under the key; positions of 0 or less are not saved. Returns whether it saved. */
export function saveScrollPosition(store: KeyValueStore, key: string, y: number): boolean {
  if (!Number.isFinite(y) || y <= 0) return false;
  try {
    store.setItem(PREFIX + key, String(Math.round(y)));
    return true;
  } catch {
    return false; // storage full or blocked: scroll memory is a nicety
  }
}

export function readScrollPosition(store: KeyValueStore, key: string): number | null {
  let raw: string | null;
  try {
    raw = store.getItem(PREFIX + key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const y = Number(raw);
  return Number.isFinite(y) && y > 0 ? y : null;
}

export function forgetScrollPosition(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(PREFIX + key);
  } catch {
    // ignore
  }
}

/** Logout clears every remembered position. */
export function clearScrollMemory(store: KeyValueStore): void {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

export interface DebouncedSaver {
  /** Call on every scroll event with the current position. */
  onScroll(y: number): void;
  /** Saves the pending position now (before leaving the page). */
  flush(): void;
  cancel(): void;
}

/**
 * Saves the latest position 150 ms after scrolling stops. Scrolling back to the top forgets the
 * entry (0 is never saved).
 */
export function createDebouncedScrollSaver(options: {
  store: KeyValueStore;
  key: string;
  timers: Timers;
  delayMs?: number;
}): DebouncedSaver {
  const { store, key, timers, delayMs = SCROLL_SAVE_DEBOUNCE_MS } = options;
  let handle: unknown = null;
  let pending: number | null = null;

  const commit = () => {
    handle = null;
    if (pending === null) return;
    const y = pending;
    pending = null;
    if (y > 0) saveScrollPosition(store, key, y);
    else forgetScrollPosition(store, key);
  };

  return {
    onScroll(y) {
      pending = y;
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(commit, delayMs);
    },
    flush() {
      if (handle !== null) timers.clearTimeout(handle);
      commit();
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      pending = null;
    },
  };
}

/** The waits before each retry: 100, 200, 300, 400, 500 ms. */
export function restoreDelays(retries = SCROLL_RESTORE_RETRIES, stepMs = SCROLL_RESTORE_STEP_MS): number[] {
  return Array.from({ length: retries }, (_, index) => stepMs * (index + 1));
}

/**
 * Scrolls to `target`, then checks; while the page is not there yet (content still loading) it
 * tries again, up to 5 more times at growing 100 ms steps. `onDone(reached)` reports the outcome.
 * Returns a cancel function (call it when the person scrolls or leaves).
 */
export function restoreScrollPosition(options: {
  target: number;
  scrollTo: (y: number) => void;
  currentY: () => number;
  timers: Timers;
  retries?: number;
  stepMs?: number;
  tolerance?: number;
  onDone?: (reached: boolean) => void;
}): () => void {
  const { target, scrollTo, currentY, timers, tolerance = 2, onDone } = options;
  const delays = restoreDelays(options.retries, options.stepMs);
  let handle: unknown = null;
  let cancelled = false;

  const attempt = (index: number) => {
    handle = null;
    if (cancelled) return;
    scrollTo(target);
    if (Math.abs(currentY() - target) <= tolerance) {
      onDone?.(true);
      return;
    }
    if (index >= delays.length) {
      onDone?.(false);
      return;
    }
    handle = timers.setTimeout(() => attempt(index + 1), delays[index]);
  };

  attempt(0);
  return () => {
    cancelled = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}
