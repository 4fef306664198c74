import {
  clearScrollMemory,
  createDebouncedScrollSaver,
  readScrollPosition,
  restoreDelays,
  restoreScrollPosition,
  saveScrollPosition,
  scrollKeyFor,
  type Timers,
} from './scroll-memory';
import { memoryStore } from './testing/memory-store';

/** A hand-driven clock: timers fire only when the test advances time. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    get now() {
      return now;
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
    pendingCount: () => pending.size,
  };
}

describe('scroll keys', () => {
  it('keys by path, and by tab on /home with influencer-events as the default tab', () => {
    expect(scrollKeyFor('/home', '')).toBe('/home?tab=influencer-events');
    expect(scrollKeyFor('/home', '?tab=plan-together&city=Pune')).toBe('/home?tab=plan-together');
    expect(scrollKeyFor('/my-events', '?x=1')).toBe('/my-events');
  });
});

describe('saving', () => {
  it('saves only positions above 0', () => {
    const store = memoryStore();
    expect(saveScrollPosition(store, '/home?tab=influencer-events', 0)).toBe(false);
    expect(saveScrollPosition(store, '/home?tab=influencer-events', -5)).toBe(false);
    expect(readScrollPosition(store, '/home?tab=influencer-events')).toBeNull();
    expect(saveScrollPosition(store, '/home?tab=influencer-events', 640.4)).toBe(true);
    expect(readScrollPosition(store, '/home?tab=influencer-events')).toBe(640);
  });

  it('keeps separate positions per home tab', () => {
    const store = memoryStore();
    saveScrollPosition(store, scrollKeyFor('/home', '?tab=influencer-events'), 300);
    saveScrollPosition(store, scrollKeyFor('/home', '?tab=plan-together'), 900);
    expect(readScrollPosition(store, scrollKeyFor('/home', ''))).toBe(300);
    expect(readScrollPosition(store, scrollKeyFor('/home', '?tab=plan-together'))).toBe(900);
  });

  it('debounces by 150 ms and saves the latest position', () => {
    const store = memoryStore();
    const clock = fakeTimers();
    const saver = createDebouncedScrollSaver({ store, key: '/public', timers: clock.timers });
    saver.onScroll(100);
    clock.advance(100);
    saver.onScroll(250);
    clock.advance(149);
    expect(readScrollPosition(store, '/public')).toBeNull();
    clock.advance(1);
    expect(readScrollPosition(store, '/public')).toBe(250);
  });

  it('forgets the entry when the page is scrolled back to the top', () => {
    const store = memoryStore();
    const clock = fakeTimers();
    const saver = createDebouncedScrollSaver({ store, key: '/public', timers: clock.timers });
    saver.onScroll(500);
    clock.advance(150);
    saver.onScroll(0);
    clock.advance(150);
    expect(readScrollPosition(store, '/public')).toBeNull();
  });

  it('flushes a pending save at once, and cancel drops it', () => {
    const store = memoryStore();
    const clock = fakeTimers();
    const saver = createDebouncedScrollSaver({ store, key: '/a', timers: clock.timers });
    saver.onScroll(420);
    saver.flush();
    expect(readScrollPosition(store, '/a')).toBe(420);
    saver.onScroll(800);
    saver.cancel();
    clock.advance(1000);
    expect(readScrollPosition(store, '/a')).toBe(420);
  });

  it('clears every remembered position and nothing else', () => {
    const store = memoryStore();
    store.setItem('unrelated', 'x');
    saveScrollPosition(store, '/a', 10);
    saveScrollPosition(store, '/b', 20);
    clearScrollMemory(store);
    expect(readScrollPosition(store, '/a')).toBeNull();
    expect(readScrollPosition(store, '/b')).toBeNull();
    expect(store.getItem('unrelated')).toBe('x');
  });
});

describe('restoring', () => {
  it('retries up to 5 times at growing 100 ms steps', () => {
    expect(restoreDelays()).toEqual([100, 200, 300, 400, 500]);
  });

  it('stops as soon as the page reaches the position', () => {
    const clock = fakeTimers();
    let y = 0;
    let pageHeight = 300; // the list is still loading: the page can only scroll so far
    const attempts: number[] = [];
    const outcome: boolean[] = [];
    restoreScrollPosition({
      target: 1200,
      scrollTo: (target) => {
        attempts.push(clock.now);
        y = Math.min(target, pageHeight);
      },
      currentY: () => y,
      timers: clock.timers,
      onDone: (reached) => outcome.push(reached),
    });
    expect(attempts).toEqual([0]);
    clock.advance(100);
    pageHeight = 5000; // more events arrived
    clock.advance(200);
    expect(attempts).toEqual([0, 100, 300]);
    expect(y).toBe(1200);
    expect(outcome).toEqual([true]);
    expect(clock.pendingCount()).toBe(0);
  });

  it('gives up after the fifth retry', () => {
    const clock = fakeTimers();
    const attempts: number[] = [];
    const outcome: boolean[] = [];
    restoreScrollPosition({
      target: 900,
      scrollTo: () => attempts.push(clock.now),
      currentY: () => 0,
      timers: clock.timers,
      onDone: (reached) => outcome.push(reached),
    });
    clock.advance(10_000);
    expect(attempts).toEqual([0, 100, 300, 600, 1000, 1500]);
    expect(outcome).toEqual([false]);
  });

  it('can be cancelled (the person started scrolling)', () => {
    const clock = fakeTimers();
    const attempts: number[] = [];
    const cancel = restoreScrollPosition({
      target: 900,
      scrollTo: () => attempts.push(clock.now),
      currentY: () => 0,
      timers: clock.timers,
    });
    clock.advance(100);
    cancel();
    clock.advance(10_000);
    expect(attempts).toEqual([0, 100]);
  });
});
