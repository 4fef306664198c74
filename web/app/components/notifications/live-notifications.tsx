import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { refreshServiceWorker, registerKeptSubscription } from '~/lib/browser-push';
import type { UnreadAnswer } from '~/routes/resources.notifications';
import type { NotificationView } from '../../../../api/src/contracts/notifications.contract.js';

/** How often the unread notifications are asked for while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 10_000;
/** A hidden tab asks less often: enough to keep its title's unread count roughly current. */
export const HIDDEN_POLL_MS = 60_000;

const RESOURCE = '/resources/notifications';

export interface LiveNotifications {
  /** Unread notifications, or null while not known. */
  count: number | null;
  /** The newest unread ones, newest first (from the last poll). */
  latest: NotificationView[];
  /** How many polls have answered: changes once per answer, so readers can act on each. */
  polls: number;
}

const NOBODY: LiveNotifications = { count: null, latest: [], polls: 0 };
const LiveContext = createContext<LiveNotifications>(NOBODY);

export const useLiveNotifications = (): LiveNotifications => useContext(LiveContext);

/**
 * The signed-in person's unread notifications, live: one poll of /resources/notifications every
 * 10 s while the tab is visible (every minute while hidden) and at once when it becomes visible.
 * The bell, the page title's unread prefix (with the unread chats: UnreadTitle) and the host's
 * new-application sheet all read this one poll. `initialCount` is the shell loader's count (it is
 * read again after every action).
 * Give it `key={userId}`.
 */
export function LiveNotificationsProvider({ initialCount, children }: { initialCount: number | null; children: ReactNode }) {
  const [live, setLive] = useState<LiveNotifications>({ ...NOBODY, count: initialCount });

  useEffect(() => {
    if (initialCount !== null) setLive((previous) => ({ ...previous, count: initialCount }));
  }, [initialCount]);

  useEffect(() => {
    let stopped = false;
    let inFlight: AbortController | null = null;
    let lastAnswer = 0;

    const poll = async (force = false) => {
      if (stopped || inFlight) return;
      if (!force && document.hidden && Date.now() - lastAnswer < HIDDEN_POLL_MS) return;
      const controller = new AbortController();
      inFlight = controller;
      try {
        const response = await fetch(RESOURCE, { headers: { Accept: 'application/json' }, signal: controller.signal });
        if (!response.ok) return;
        const body = (await response.json()) as Partial<UnreadAnswer>;
        if (stopped || typeof body.count !== 'number' || !Array.isArray(body.latest)) return;
        lastAnswer = Date.now();
        const { count, latest } = body;
        setLive((previous) => ({ count, latest, polls: previous.polls + 1 }));
      } catch {
        // Offline or aborted: the next poll tries again.
      } finally {
        inFlight = null;
      }
    };

    void poll(true);
    const timer = window.setInterval(() => void poll(), NOTIFICATIONS_POLL_MS);
    const onVisibility = () => {
      if (!document.hidden) void poll(true);
    };
    document.addEventListener('visibilitychange', onVisibility);
    void refreshServiceWorker()
      .then(registerKeptSubscription)
      .catch(() => undefined);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      inFlight?.abort();
    };
  }, []);

  return <LiveContext.Provider value={live}>{children}</LiveContext.Provider>;
}
