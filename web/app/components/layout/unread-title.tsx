import { useEffect, useRef } from 'react';
import { useChatLive } from '~/components/chat/chat-live';
import { useLiveNotifications } from '~/components/notifications/live-notifications';
import { unreadTitle } from '~/lib/notifications';

/**
 * SPEC §2 and §4: the page title carries "(N) " only while the tab is hidden and there are unread
 * items: unread notifications plus unread chat messages, under one prefix. It is taken off when the
 * tab is visible again, when nothing is unread, and when the person leaves the shell (logout).
 * Renders nothing; the shell mounts it inside both live providers.
 */
export function UnreadTitle() {
  const notifications = useLiveNotifications().count ?? 0;
  const chats = useChatLive().unread ?? 0;
  useUnreadTitle(notifications + chats);
  return null;
}

function useUnreadTitle(unread: number) {
  const applied = useRef<string | null>(null);
  const unreadRef = useRef(unread);
  unreadRef.current = unread;

  useEffect(() => {
    const onVisibility = () => retitle(applied, unreadRef.current, document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      retitle(applied, 0, false);
    };
  }, []);

  useEffect(() => retitle(applied, unread, document.hidden), [unread]);
}

function retitle(applied: { current: string | null }, unread: number, hidden: boolean): void {
  const next = unreadTitle(document.title, applied.current, unread, hidden);
  applied.current = next.applied;
  if (document.title !== next.title) document.title = next.title;
}
