import { addRecentlyViewed, clearRecentlyViewed, readRecentlyViewed, removeRecentlyViewed, RECENTLY_VIEWED_KEY } from './recently-viewed';
import { memoryStore } from './testing/memory-store';

const event = (n: number) => ({
  id: `event-${n}`,
  title: `Event ${n}`,
  image: `/uploads/${n}.png`,
  date: '2030-01-01T10:00:00.000Z',
  city: 'Pune',
});

describe('recently viewed events', () => {
  it('lists the newest first', () => {
    const store = memoryStore();
    addRecentlyViewed(store, event(1), 1);
    addRecentlyViewed(store, event(2), 2);
    expect(readRecentlyViewed(store).map((item) => item.id)).toEqual(['event-2', 'event-1']);
  });

  it('keeps only the last 10', () => {
    const store = memoryStore();
    for (let n = 1; n <= 13; n += 1) addRecentlyViewed(store, event(n), n);
    const ids = readRecentlyViewed(store).map((item) => item.id);
    expect(ids).toHaveLength(10);
    expect(ids[0]).toBe('event-13');
    expect(ids).not.toContain('event-3');
    expect(ids).toContain('event-4');
  });

  it('moves an event seen again to the front without duplicating it', () => {
    const store = memoryStore();
    addRecentlyViewed(store, event(1), 1);
    addRecentlyViewed(store, event(2), 2);
    addRecentlyViewed(store, { ...event(1), title: 'Renamed' }, 3);
    const list = readRecentlyViewed(store);
    expect(list.map((item) => item.id)).toEqual(['event-1', 'event-2']);
    expect(list[0]!.title).toBe('Renamed');
    expect(list[0]!.viewedAt).toBe(3);
  });

  it('reads corrupt or foreign data as an empty list', () => {
    const store = memoryStore();
    store.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(readRecentlyViewed(store)).toEqual([]);
    store.setItem(RECENTLY_VIEWED_KEY, JSON.stringify([{ id: 5 }, { id: 'ok', title: 'Fine' }, null]));
    expect(readRecentlyViewed(store).map((item) => item.id)).toEqual(['ok']);
    addRecentlyViewed(store, event(7), 7);
    expect(readRecentlyViewed(store).map((item) => item.id)).toEqual(['event-7', 'ok']);
  });

  it('removes one event, and clears all at logout', () => {
    const store = memoryStore();
    addRecentlyViewed(store, event(1), 1);
    addRecentlyViewed(store, event(2), 2);
    expect(removeRecentlyViewed(store, 'event-1').map((item) => item.id)).toEqual(['event-2']);
    clearRecentlyViewed(store);
    expect(store.data.has(RECENTLY_VIEWED_KEY)).toBe(false);
    expect(readRecentlyViewed(store)).toEqual([]);
  });
});
