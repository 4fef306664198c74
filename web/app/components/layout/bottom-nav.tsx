import { Link, useLocation } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { useLoginPrompt } from '~/components/auth/login-prompt';
import { useChatLive } from '~/components/chat/chat-live';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { Logo } from '~/components/ui/logo';
import { MaskIcon } from '~/components/ui/mask-icon';
import { scrollMemoryStore, tapVibration } from '~/lib/client-storage';
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
  // The chat connection's count (the shell loader's until it has one); the loader's without JavaScript.
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
    // Its look is in tailwind.css (.main-nav, .nav-tab): every page carries it.
    <nav aria-label="Main" className="main-nav">
      <Link to={tabHref(NAV_TABS[0]!, isGuest)} className="main-nav-logo">
        <Logo />
      </Link>
      <ul>
        {NAV_TABS.map((tab) => {
          const isActive = active === tab.key;
          return (
            <li key={tab.key}>
              <Link
                to={tabHref(tab, isGuest)}
                prefetch={isGuest && tab.loginAction ? 'none' : 'intent'}
                onClick={(event) => onTap(event, tab)}
                aria-current={isActive ? 'page' : undefined}
                // The badge is a bare number: the link says what it counts ("Chat, 3 unread", not "3 Chat").
                aria-label={tab.key === 'chat' && badge ? `${tab.label}, ${badge} unread` : undefined}
                data-tab={tab.key}
                className={isActive ? 'nav-tab nav-tab-active' : 'nav-tab'}
              >
                <span className="relative">
                  <MaskIcon name={tab.key} bold={isActive} />
                  {tab.key === 'chat' && badge ? (
                    <span data-testid="chat-badge" aria-hidden="true" className="nav-badge">
                      {badge}
                    </span>
                  ) : null}
                </span>
                <span className="truncate">{tab.label}</span>
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
