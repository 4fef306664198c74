import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useMatches, useRouteLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { ChatLiveProvider } from '~/components/chat/chat-live';
import { useHydrated } from '~/components/events/event-bits';
import { BottomNav } from '~/components/layout/bottom-nav';
import { FullPageRouteError } from '~/components/layout/error-page';
import { TopBar } from '~/components/layout/top-bar';
import { UnreadTitle } from '~/components/layout/unread-title';
import { LiveNotificationsProvider } from '~/components/notifications/live-notifications';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { loadChatUnreadTotal } from '~/lib/chat.server';
import { cn } from '~/lib/cn';
import { defaultTitleFor, hasBackButton, isBottomNavHidden, isFullScreen, isTopNavHidden, matchesPrefix } from '~/lib/nav';
import { loadUnreadCount } from '~/lib/notifications.server';
import { getToken } from '~/lib/session.server';
import { isShellHandle } from '~/lib/route-handle';
import type { RootLoaderData } from '~/root';

const NewApplicationSheet = lazy(() =>
  import('~/components/applications/new-application-sheet').then((module) => ({ default: module.NewApplicationSheet })),
);

/**
 * Only hosts have the new-application sheet, so its code (with the application rows and their
 * wording) is a chunk of its own that a host's page loads once it has hydrated, not part of every
 * shell page a guest or a fan downloads. It is not in the server's HTML (closed, it draws nothing):
 * a boundary there would wait for the chunk while the shell's providers update around it.
 */
function HostApplicationSheet({ userId }: { userId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <NewApplicationSheet userId={userId} />
    </Suspense>
  );
}

/**
 * The layout shell (SPEC §2): top bar, page content and the five-tab navigation (at the bottom on
 * phones and tablets, a rail on the left from 1024 px).
 * Child routes are `_shell.<name>.tsx`; their content fills <main>, which sets no padding of its
 * own (pages choose theirs, so hero images can run edge to edge). A child may export
 * `handle: ShellHandle` (~/lib/route-handle) to set the top bar title or hide chrome.
 * A signed-in person gets the notification bell with its live unread count (in the top bar, the
 * main pages' own headers and the desktop rail), the chat connection that keeps the Chat tab's
 * badge live (ChatLiveProvider), the hidden tab's unread title prefix, and a host the
 * new-application sheet (SPEC §4).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await getToken(request);
  if (!token) return { unreadChats: null, unreadNotifications: null };
  const [unreadChats, unreadNotifications] = await Promise.all([loadChatUnreadTotal(token), loadUnreadCount(token)]);
  return { unreadChats, unreadNotifications };
}

export default function Shell() {
  const { unreadChats, unreadNotifications } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoaderData>('root');
  const location = useLocation();
  const matches = useMatches();
  const isGuest = !root?.user;

  let title = defaultTitleFor(location.pathname);
  let forceHideTop = false;
  let forceHideBottom = false;
  let ownHeading = false;
  for (const match of matches) {
    if (!isShellHandle(match.handle)) continue;
    const handle = match.handle;
    if (handle.title !== undefined) title = typeof handle.title === 'function' ? handle.title(match.data) : handle.title;
    if (handle.hideTopBar) forceHideTop = true;
    if (handle.hideBottomNav) forceHideBottom = true;
    if (handle.ownHeading) ownHeading = true;
  }

  const fullScreen = isFullScreen(location.pathname);
  const showTop = !fullScreen && !forceHideTop && !isTopNavHidden(location.pathname, isGuest);
  const showBottom = !forceHideBottom && !isBottomNavHidden(location.pathname, isGuest);

  const page = (
    <div className={cn('shell', showBottom && 'lg:pl-60')}>
      {showTop ? (
        <TopBar
          title={title}
          titleIsHeading={!ownHeading}
          showBack={hasBackButton(location.pathname)}
          backFallback={isGuest ? '/public' : '/home'}
          actions={
            isGuest || matchesPrefix(location.pathname, '/notifications') ? null : (
              // The desktop rail has its own bell.
              <NotificationBell className={showBottom ? 'lg:hidden' : undefined} />
            )
          }
        />
      ) : null}
      <main id="main" className={cn('flex-1', showBottom && 'pb-nav')}>
        <Outlet />
      </main>
      {showBottom ? <BottomNav isGuest={isGuest} unreadChats={unreadChats ?? 0} /> : null}
      {/* Hosts (the influencer view) hear of new applications wherever they are in the app. */}
      {root?.user?.role === 'influencer' ? <HostApplicationSheet key={root.user.id} userId={root.user.id} /> : null}
    </div>
  );
  if (!root?.user) return page;
  return (
    <ChatLiveProvider key={root.user.id} userId={root.user.id} loaderTotal={unreadChats}>
      <LiveNotificationsProvider key={root.user.id} initialCount={unreadNotifications}>
        <UnreadTitle />
        {page}
      </LiveNotificationsProvider>
    </ChatLiveProvider>
  );
}

export const ErrorBoundary = FullPageRouteError;
