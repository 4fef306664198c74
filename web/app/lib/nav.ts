/**
 * Navigation rules of the layout shell (SPEC §2 "Bottom navigation" and "Layout rules").
 * Plain functions of the path so they can be unit tested and shared by server and client.
 */

export type TabKey = 'home' | 'create' | 'community' | 'chat' | 'profile';

export interface NavTab {
  key: TabKey;
  path: string;
  label: string;
  /** Guests tapping this tab see the Login Required prompt with this action text. */
  loginAction?: string;
}

export const NAV_TABS: readonly NavTab[] = [
  { key: 'home', path: '/home', label: 'Home' },
  { key: 'create', path: '/create-event', label: 'Create', loginAction: 'create an event' },
  { key: 'community', path: '/community', label: 'Community' },
  { key: 'chat', path: '/chat', label: 'Chat', loginAction: 'access your chats' },
  { key: 'profile', path: '/profile-v2', label: 'Profile', loginAction: 'access your profile' },
];

/** Unread badge text: nothing for 0, the number up to 99, "99+" above 99. */
export function formatBadge(count: number | null | undefined): string | null {
  if (!count || !Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** True when `pathname` is `prefix` itself or one of its sub-paths (/chat matches /chat/abc, not /chatter). */
export function matchesPrefix(pathname: string, prefix: string): boolean {
  const path = normalisePath(pathname);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The tab to highlight for a path. Guests see the public home as their Home tab, so /public lights
 * Home too; /plan-together is a home tab.
 */
export function activeTabFor(pathname: string): TabKey | null {
  if (matchesPrefix(pathname, '/public') || matchesPrefix(pathname, '/plan-together')) return 'home';
  return NAV_TABS.find((tab) => matchesPrefix(pathname, tab.path))?.key ?? null;
}

/** Where a tab goes: a guest's Home tab leads to the public home (/home needs login). */
export function tabHref(tab: NavTab, isGuest: boolean): string {
  return tab.key === 'home' && isGuest ? '/public' : tab.path;
}

export function isEventPage(pathname: string): boolean {
  return matchesPrefix(pathname, '/event');
}

/** Bottom nav hidden on /profile-preview, /admin, /legal/ and /chat/ paths, and for guests on event pages. */
export function isBottomNavHidden(pathname: string, isGuest: boolean): boolean {
  const path = normalisePath(pathname);
  if (matchesPrefix(path, '/profile-preview') || matchesPrefix(path, '/admin')) return true;
  if (path.startsWith('/legal/') || path.startsWith('/chat/')) return true;
  return isGuest && isEventPage(path);
}

/** Main pages that carry no top bar (they have their own headers). */
const TOP_NAV_HIDDEN = ['/home', '/public', '/community', '/profile-v2', '/profile', '/create-event', '/chat', '/plan-together'];

/** Top nav hidden on main pages, on event report and attendees pages, and for guests on event pages. */
export function isTopNavHidden(pathname: string, isGuest: boolean): boolean {
  const path = normalisePath(pathname);
  if (TOP_NAV_HIDDEN.includes(path)) return true;
  if (/^\/event\/[^/]+\/(report|attendees)$/.test(path)) return true;
  return isGuest && isEventPage(path);
}

/** A back button shows on nested paths: more than one path segment. */
export function hasBackButton(pathname: string): boolean {
  return normalisePath(pathname).split('/').filter(Boolean).length > 1;
}

/** Profile-preview paths render full screen (no shell chrome, no content padding). */
export function isFullScreen(pathname: string): boolean {
  return matchesPrefix(pathname, '/profile-preview');
}

const TITLES: Record<string, string> = {
  '/settings': 'Settings',
  '/my-events': 'My Events',
  '/my-bookings': 'My Bookings',
  '/city-filter': 'Choose a city',
  '/notifications': 'Notifications',
  '/transactions': 'Transactions',
  '/applications': 'Applications',
  '/manage-application': 'Applications',
  '/application-status': 'Application Status',
  '/payment-profile': 'Payment Profile',
  '/payouts': 'Payouts',
};

/** A fallback title for the top bar when the route does not provide one. */
export function defaultTitleFor(pathname: string): string {
  const path = normalisePath(pathname);
  if (TITLES[path]) return TITLES[path];
  if (/^\/event\/[^/]+\/edit$/.test(path)) return 'Edit Event';
  if (isEventPage(path)) return 'Event';
  return '';
}

/**
 * Pages that need a signed-in person (SPEC §2 "Authenticated routes"). Guests opening them are sent
 * to /login?returnTo=<the page>. Event detail and its application pages stay public, and so do the
 * Community feed and its posts (issue 22: a guest reads them; liking, commenting and posting ask
 * them to log in). A post's report page asks for login in its own loader.
 */
const PROTECTED_PREFIXES = [
  '/home',
  '/plan-together',
  '/city-filter',
  '/profile',
  '/profile-v2',
  '/profile-preview',
  '/manage-application',
  '/applications',
  '/application-status',
  '/transactions',
  '/my-events',
  '/my-bookings',
  '/create-event',
  '/settings',
  '/notifications',
  '/design-showcase',
  '/host-past-events',
  '/payment-profile',
  '/payouts',
  '/admin',
  '/chat',
];

export function isProtectedPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  if (/^\/event\/[^/]+\/(edit|report)$/.test(path)) return true;
  return PROTECTED_PREFIXES.some((prefix) => matchesPrefix(path, prefix));
}

/** Paths where a signed-in person with an incomplete profile may stay (everything else sends them to /signup). */
export function allowsIncompleteProfile(pathname: string): boolean {
  const path = normalisePath(pathname);
  return ['/signup', '/logout', '/login', '/delete-account', '/flutter-auth', ...LEGAL_PATHS].includes(path) || path.startsWith('/legal/');
}

export const LEGAL_PATHS = ['/terms', '/privacy', '/support', '/cancellation', '/refund', '/refund-cancellation', '/shipping'];

/** The key under which scroll positions are remembered: the path, plus the active home tab on /home. */
export function scrollKeyFor(pathname: string, search: string): string {
  const path = normalisePath(pathname);
  if (path !== '/home') return path;
  const tab = new URLSearchParams(search).get('tab') || 'influencer-events';
  return `${path}?tab=${tab}`;
}

function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed || '/';
}
