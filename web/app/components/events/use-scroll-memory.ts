import { useEffect } from 'react';
import { scrollMemoryStore } from '~/lib/client-storage';
import { createDebouncedScrollSaver, readScrollPosition, restoreScrollPosition, scrollKeyFor, type Timers } from '~/lib/scroll-memory';

const browserTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Remembers this page's scroll position under `key` (path, plus the tab on /home) and puts the
 * page back there when it is shown again. Scroll events that arrive after the URL has already
 * moved on (the next page resetting the scroll) are ignored, so leaving never overwrites the
 * position with 0. A person who starts scrolling stops a restore in progress.
 */
export function useScrollMemory(key: string) {
  useEffect(() => {
    const store = scrollMemoryStore();
    if (!store) return;
    const saver = createDebouncedScrollSaver({ store, key, timers: browserTimers });
    const stillHere = () => scrollKeyFor(window.location.pathname, window.location.search) === key;
    const onScroll = () => {
      if (stillHere()) saver.onScroll(window.scrollY);
    };

    let cancelRestore: () => void = () => {};
    const saved = readScrollPosition(store, key);
    if (saved !== null) {
      cancelRestore = restoreScrollPosition({
        target: saved,
        scrollTo: (y) => window.scrollTo({ top: y, behavior: 'instant' as ScrollBehavior }),
        currentY: () => window.scrollY,
        timers: browserTimers,
      });
    }
    const stopRestore = () => cancelRestore();

    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', stopRestore, { passive: true });
    window.addEventListener('touchstart', stopRestore, { passive: true });
    window.addEventListener('keydown', stopRestore);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', stopRestore);
      window.removeEventListener('touchstart', stopRestore);
      window.removeEventListener('keydown', stopRestore);
      cancelRestore();
      saver.flush();
    };
  }, [key]);
}
