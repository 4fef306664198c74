import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { clearSeenApplications } from '~/lib/application-sheet';
import { dropSubscription } from '~/lib/browser-push';
import { persistentStore, scrollMemoryStore } from '~/lib/client-storage';
import { clearDoorTickets } from '~/lib/door';
import { clearRecentlyViewed } from '~/lib/recently-viewed';
import { clearScrollMemory } from '~/lib/scroll-memory';

/**
 * Logout forgets the scroll memory, the recently viewed events, the applications the host's
 * sheet has shown and the door's ticket lists (not its unsent check-ins), as kept in this browser (SPEC §4 Session, Application bottom sheet), and drops
 * this browser's push subscription (the API has forgotten the session's device already).
 */
export function clearBrowserMemory(): void {
  for (const store of [scrollMemoryStore(), persistentStore()]) {
    if (!store) continue;
    try {
      clearScrollMemory(store);
    } catch {
      // blocked storage: nothing to clear
    }
  }
  const local = persistentStore();
  if (local) clearRecentlyViewed(local);
  try {
    if (local) clearDoorTickets(local);
  } catch {
    // blocked storage: nothing to clear
  }
  const session = scrollMemoryStore();
  try {
    if (session) clearSeenApplications(session);
  } catch {
    // blocked storage: nothing to clear
  }
  void dropSubscription().catch(() => undefined);
}

/**
 * A POST to /logout (works without JavaScript; the page after it clears browser memory too, so
 * nothing is left behind either way).
 */
export function LogoutForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Form method="post" action="/logout" className={className} onSubmit={() => clearBrowserMemory()}>
      {children}
    </Form>
  );
}
