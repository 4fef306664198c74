import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, useMatches, useRouteLoaderData } from '@remix-run/react';
import { NewApplicationSheet } from '~/components/applications/new-application-sheet';
import { BottomNav } from '~/components/layout/bottom-nav';
import { FullPageRouteError } from '~/components/layout/error-page';
import { TopBar } from '~/components/layout/top-bar';
import { cn } from '~/lib/cn';
import { defaultTitleFor, hasBackButton, isBottomNavHidden, isFullScreen, isTopNavHidden } from '~/lib/nav';
import { isShellHandle } from '~/lib/route-handle';
import type { RootLoaderData } from '~/root';

/**
 * The layout shell (SPEC §2): top bar, page content and the five-tab navigation (at the bottom on
 * phones and tablets, a rail on the left from 1024 px).
 * Child routes are `_shell.<name>.tsx`; their content fills <main>, which sets no padding of its
 * own (pages choose theirs, so hero images can run edge to edge). A child may export
 * `handle: ShellHandle` (~/lib/route-handle) to set the top bar title or hide chrome.
 * A host also gets the new-application sheet here (SPEC §4).
 */
export async function loader(_args: LoaderFunctionArgs) {
  // The chat service arrives in a later issue; until then nobody has unread chats.
  return { unreadChats: 0 };
}

export default function Shell() {
  const { unreadChats } = useLoaderData<typeof loader>();
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

  return (
    <div className={cn('flex min-h-dvh flex-col bg-slate-50', showBottom && 'lg:pl-60')}>
      {showTop ? (
        <TopBar
          title={title}
          titleIsHeading={!ownHeading}
          showBack={hasBackButton(location.pathname)}
          backFallback={isGuest ? '/public' : '/home'}
        />
      ) : null}
      <main id="main" className={cn('flex-1', showBottom && 'pb-nav')}>
        <Outlet />
      </main>
      {showBottom ? <BottomNav isGuest={isGuest} unreadChats={unreadChats} /> : null}
      {/* Hosts (the influencer view) hear of new applications wherever they are in the app. */}
      {root?.user?.role === 'influencer' ? <NewApplicationSheet key={root.user.id} userId={root.user.id} /> : null}
    </div>
  );
}

export const ErrorBoundary = FullPageRouteError;
