/**
 * Recently viewed events (SPEC §4 "Events", §9): the last 10 events opened, newest first, kept in
 * the browser's localStorage and cleared at logout. Only what a small card needs is stored.
 * Plain module: the storage is passed in.
 */

export const RECENTLY_VIEWED_LIMIT = 10;
export const RECENTLY_VIEWED_KEY = 'tribe:recently-viewed';

export interface RecentlyViewedEvent {
  id: string;
  title: string;
  image: string | null;
  date: string | null;
  city: string | null;
  viewedAt: number;
}

export interface SimpleStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function isEntry(value: unknown): value is RecentlyViewedEvent {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.id === 'string' && entry.id.length > 0 && typeof entry.title === 'string';
}

/** The stored list, newest first. Anything unreadable counts as empty. */
export function readRecentlyViewed(store: SimpleStore): RecentlyViewedEvent[] {
  let raw: string | null;
  try {
    raw = store.getItem(RECENTLY_VIEWED_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isEntry)
      .map((entry) => ({
        id: entry.id,
        title: entry.title,
        image: typeof entry.image === 'string' ? entry.image : null,
        date: typeof entry.date === 'string' ? entry.date : null,
        city: typeof entry.city === 'string' ? entry.city : null,
        viewedAt: typeof entry.viewedAt === 'number' ? entry.viewedAt : 0,
      }))
      .slice(0, RECENTLY_VIEWED_LIMIT);
  } catch {
    return [];
  }
}

/**
 * Puts the event first (moving it up if it was already there) and keeps the last 10.
 * Returns the new list.
 */
export function addRecentlyViewed(
  store: SimpleStore,
  event: { id: string; title: string; image?: string | null; date?: string | null; city?: string | null },
  now: number = Date.now(),
): RecentlyViewedEvent[] {
  const entry: RecentlyViewedEvent = {
    id: event.id,
    title: event.title,
    image: event.image ?? null,
    date: event.date ?? null,
    city: event.city ?? null,
    viewedAt: now,
  };
  const next = [entry, ...readRecentlyViewed(store).filter((item) => item.id !== event.id)].slice(0, RECENTLY_VIEWED_LIMIT);
  try {
    store.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(next));
  } catch {
    // storage full or blocked: the list is a nicety
  }
  return next;
}

/** Drops one event (for example one that no longer exists). */
export function removeRecentlyViewed(store: SimpleStore, id: string): RecentlyViewedEvent[] {
  const next = readRecentlyViewed(store).filter((item) => item.id !== id);
  try {
    store.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(next));
  } catch {
    // ignore
  }
  return next;
}

/** Logout clears the list. */
export function clearRecentlyViewed(store: SimpleStore): void {
  try {
    store.removeItem(RECENTLY_VIEWED_KEY);
  } catch {
    // ignore
  }
}
