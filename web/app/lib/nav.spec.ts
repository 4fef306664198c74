import {
  activeTabFor,
  allowsIncompleteProfile,
  defaultTitleFor,
  formatBadge,
  hasBackButton,
  isBottomNavHidden,
  isProtectedPath,
  isTopNavHidden,
  NAV_TABS,
  scrollKeyFor,
  tabHref,
} from './nav';

describe('bottom navigation tabs', () => {
  it('has the five tabs of the spec in order, with the guest action texts (Community is open to guests)', () => {
    expect(NAV_TABS.map((tab) => [tab.path, tab.label, tab.loginAction ?? null])).toEqual([
      ['/home', 'Home', null],
      ['/create-event', 'Create', 'create an event'],
      ['/community', 'Community', null],
      ['/chat', 'Chat', 'access your chats'],
      ['/profile-v2', 'Profile', 'access your profile'],
    ]);
  });

  it('marks the tab whose path or sub-path is open', () => {
    expect(activeTabFor('/home')).toBe('home');
    expect(activeTabFor('/home/')).toBe('home');
    expect(activeTabFor('/chat/room-1')).toBe('chat');
    expect(activeTabFor('/profile-v2')).toBe('profile');
    expect(activeTabFor('/community')).toBe('community');
    expect(activeTabFor('/create-event')).toBe('create');
    expect(activeTabFor('/public')).toBe('home');
  });

  it('does not match a path that merely starts with the same letters', () => {
    expect(activeTabFor('/chatter')).toBeNull();
    expect(activeTabFor('/homework')).toBeNull();
    expect(activeTabFor('/settings')).toBeNull();
    expect(activeTabFor('/profile')).toBeNull();
  });

  it('sends a guest Home tab to the public home', () => {
    const home = NAV_TABS[0];
    expect(tabHref(home, true)).toBe('/public');
    expect(tabHref(home, false)).toBe('/home');
    expect(tabHref(NAV_TABS[1], true)).toBe('/create-event');
  });
});

describe('chat badge', () => {
  it('shows nothing without unread messages', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(undefined)).toBeNull();
    expect(formatBadge(-3)).toBeNull();
    expect(formatBadge(Number.NaN)).toBeNull();
  });

  it('shows the number up to 99 and "99+" above', () => {
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12345)).toBe('99+');
  });
});

describe('layout visibility', () => {
  it('hides the bottom nav on profile previews, admin, legal and chat rooms', () => {
    for (const path of ['/profile-preview/u1', '/profile-preview/u1/reviews', '/admin', '/admin/users', '/legal/terms', '/chat/room-9']) {
      expect([path, isBottomNavHidden(path, false)]).toEqual([path, true]);
    }
  });

  it('keeps the bottom nav on the chat list and main pages', () => {
    for (const path of ['/chat', '/home', '/public', '/settings', '/community', '/profile-v2']) {
      expect([path, isBottomNavHidden(path, false)]).toEqual([path, false]);
    }
  });

  it('hides both bars for guests on event pages only', () => {
    expect(isBottomNavHidden('/event/e1', true)).toBe(true);
    expect(isBottomNavHidden('/event/e1', false)).toBe(false);
    expect(isTopNavHidden('/event/e1', true)).toBe(true);
    expect(isTopNavHidden('/event/e1', false)).toBe(false);
  });

  it('hides the top bar on main pages and on event report and attendees pages', () => {
    for (const path of ['/home', '/public', '/community', '/profile-v2', '/create-event', '/chat']) {
      expect([path, isTopNavHidden(path, false)]).toEqual([path, true]);
    }
    expect(isTopNavHidden('/event/e1/report', false)).toBe(true);
    expect(isTopNavHidden('/event/e1/attendees', false)).toBe(true);
    expect(isTopNavHidden('/event/e1/edit', false)).toBe(false);
    expect(isTopNavHidden('/settings', false)).toBe(false);
  });

  it('shows a back button on nested paths (more than one segment)', () => {
    expect(hasBackButton('/settings')).toBe(false);
    expect(hasBackButton('/')).toBe(false);
    expect(hasBackButton('/event/e1')).toBe(true);
    expect(hasBackButton('/host-past-events/h1/')).toBe(true);
  });

  it('gives known pages a fallback title', () => {
    expect(defaultTitleFor('/settings')).toBe('Settings');
    expect(defaultTitleFor('/event/e1/edit')).toBe('Edit Event');
    expect(defaultTitleFor('/somewhere')).toBe('');
  });
});

describe('protected routes', () => {
  it('guards the authenticated routes of the spec', () => {
    for (const path of [
      '/home',
      '/settings',
      '/create-event',
      '/chat',
      '/chat/r1',
      '/profile-v2',
      '/admin',
      '/my-events',
      '/event/e1/edit',
      '/event/e1/report',
      '/host-past-events/h1',
    ]) {
      expect([path, isProtectedPath(path)]).toEqual([path, true]);
    }
  });

  it('leaves public routes open', () => {
    for (const path of [
      '/',
      '/public',
      '/login',
      '/signup',
      '/terms',
      '/refund-cancellation',
      '/delete-account',
      '/event/e1',
      '/community',
      '/post/p1',
      '/flutter-auth',
      '/no-such-page',
    ]) {
      expect([path, isProtectedPath(path)]).toEqual([path, false]);
    }
  });

  it('lets an incomplete profile reach only signup, logout, login, legal pages and account deletion', () => {
    expect(allowsIncompleteProfile('/signup')).toBe(true);
    expect(allowsIncompleteProfile('/logout')).toBe(true);
    expect(allowsIncompleteProfile('/privacy')).toBe(true);
    expect(allowsIncompleteProfile('/delete-account')).toBe(true);
    expect(allowsIncompleteProfile('/home')).toBe(false);
    expect(allowsIncompleteProfile('/settings')).toBe(false);
  });
});

describe('scroll memory keys', () => {
  it('keys /home by its tab, defaulting to influencer-events', () => {
    expect(scrollKeyFor('/home', '')).toBe('/home?tab=influencer-events');
    expect(scrollKeyFor('/home', '?tab=plan-together')).toBe('/home?tab=plan-together');
    expect(scrollKeyFor('/my-events', '?tab=past')).toBe('/my-events');
  });
});
