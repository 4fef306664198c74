import { Link, useLocation } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { useLoginPrompt } from '~/components/auth/login-prompt';
import { useChatLive } from '~/components/chat/chat-live';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { Logo } from '~/components/ui/logo';
import { MaskIcon } from '~/components/ui/mask-icon';
import { scrollMemoryStore, tapVibration } from '~/lib/client-storage';
import { cn } from '~/lib/cn';
import { activeTabFor, formatBadge, NAV_TABS, tabHref, type NavTab } from '~/lib/nav';
import { saveScrollPosition, scrollKeyFor } from '~/lib/scroll-memory';

/**
 * The five-tab navigation: a bar at the bottom below 1024 px, a rail down the left side from
 * 1024 px (the shell leaves room for it: `lg:pl-60`). Tabs are plain links (they work without
 * JavaScript; the server guard sends guests to login); with JavaScript a guest tapping Create,
 * Community, Chat or Profile gets the Login Required prompt instead, and every tap vibrates 10 ms
 * and remembers the scroll position.
 */
export function BottomNav({ isGuest, unreadChats }: { isGuest: boolean; unreadChats: number }) {
  const location = useLocation();
  const { prompt } = useLoginPrompt();
  const active = activeTabFor(location.pathname);
  // The live count once the chat connection has one; the shell loader's until then (and without JavaScript).
  const badge = formatBadge(useChatLive().unread ?? unreadChats);

  const onTap = (event: MouseEvent<HTMLAnchorElement>, tab: NavTab) => {
    tapVibration();
    const store = scrollMemoryStore();
    if (store) saveScrollPosition(store, scrollKeyFor(location.pathname, location.search), window.scrollY);
    if (isGuest && tab.loginAction) {
      event.preventDefault();
      prompt({ action: tab.loginAction, returnTo: tab.path });
    }
  };

  return (
    <nav
      aria-label="Main"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 safe-bottom',
        'lg:inset-x-auto lg:top-0 lg:left-0 lg:w-60 lg:border-t-0 lg:border-r lg:px-3 lg:pt-[env(safe-area-inset-top)]',
      )}
    >
      <Link
        to={tabHref(NAV_TABS[0]!, isGuest)}
        className="mt-3 mb-4 hidden h-12 items-center rounded-xl px-3 focus-visible:outline-2 focus-visible:outline-brand-600 lg:flex"
      >
        <Logo />
      </Link>
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5 lg:flex lg:h-auto lg:max-w-none lg:flex-col lg:gap-1">
        {NAV_TABS.map((tab) => {
          const isActive = active === tab.key;
          return (
            <li key={tab.key} className="min-w-0">
              <Link
                to={tabHref(tab, isGuest)}
                prefetch={isGuest && tab.loginAction ? 'none' : 'intent'}
                onClick={(event) => onTap(event, tab)}
                aria-current={isActive ? 'page' : undefined}
                // The badge is a bare number: the link says what it counts ("Chat, 3 unread", not "3 Chat").
                aria-label={tab.key === 'chat' && badge ? `${tab.label}, ${badge} unread` : undefined}
                data-tab={tab.key}
                // Its look is in tailwind.css (.nav-tab): every page carries five of these.
                className={isActive ? 'nav-tab nav-tab-active' : 'nav-tab'}
              >
                <span className="relative">
                  <MaskIcon name={tab.key} bold={isActive} className="size-6" />
                  {tab.key === 'chat' && badge ? (
                    <span
                      data-testid="chat-badge"
                      aria-hidden="true"
                      className="absolute -top-1.5 left-3.5 min-w-[1.25rem] rounded-full bg-rose-500 px-1 text-center text-[10px] leading-5 font-semibold text-white ring-2 ring-white"
                    >
                      {badge}
                    </span>
                  ) : null}
                </span>
                <span className="truncate">{tab.label}</span>
                {isActive ? <span className="absolute top-0 h-0.5 w-8 rounded-full bg-brand-600 lg:hidden" aria-hidden="true" /> : null}
              </Link>
            </li>
          );
        })}
        {isGuest ? null : (
          // On the desktop rail the bell is a row of its own; phones and tablets have it in the top bar and page headers.
          <li className="hidden lg:block">
            <NotificationBell variant="rail" />
          </li>
        )}
      </ul>
    </nav>
  );
}
