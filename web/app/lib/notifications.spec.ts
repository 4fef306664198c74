import {
  applicationServerKeyFrom,
  bellLabel,
  groupByDay,
  mutedFromPushed,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  safeNotificationLink,
  unreadTitle,
} from './notifications';

describe('the inbox grouped by day (India time)', () => {
  // 10:00 IST on Tue 10 Mar 2026.
  const now = Date.parse('2026-03-10T04:30:00Z');
  const item = (id: string, createdAt: string) => ({ id, createdAt });

  it('says Today, Yesterday, then the date, keeping the newest-first order', () => {
    const groups = groupByDay(
      [
        item('a', '2026-03-10T04:00:00Z'),
        item('b', '2026-03-09T19:00:00Z'), // 00:30 IST on the 10th: still today
        item('c', '2026-03-09T18:00:00Z'), // 23:30 IST on the 9th
        item('d', '2026-03-08T20:00:00Z'), // 01:30 IST on the 9th
        item('e', '2026-03-07T10:00:00Z'),
        item('f', '2025-12-27T10:00:00Z'),
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.items.map((entry) => entry.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c', 'd']],
      ['Sat, 7 Mar 2026', ['e']],
      ['Sat, 27 Dec 2025', ['f']],
    ]);
  });

  it('has no groups for no notifications', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});

describe('the page title while the tab is hidden', () => {
  it('gets "(N) " only when hidden with unread notifications', () => {
    expect(unreadTitle('Home · Tribe', null, 3, true)).toEqual({ title: '(3) Home · Tribe', applied: '(3) ' });
    expect(unreadTitle('Home · Tribe', null, 3, false)).toEqual({ title: 'Home · Tribe', applied: null });
    expect(unreadTitle('Home · Tribe', null, 0, true)).toEqual({ title: 'Home · Tribe', applied: null });
  });

  it('replaces its own prefix as the count changes, and takes it off when visible or read', () => {
    expect(unreadTitle('(3) Home · Tribe', '(3) ', 4, true).title).toBe('(4) Home · Tribe');
    expect(unreadTitle('(3) Home · Tribe', '(3) ', 3, false)).toEqual({ title: 'Home · Tribe', applied: null });
    expect(unreadTitle('(3) Home · Tribe', '(3) ', 0, true)).toEqual({ title: 'Home · Tribe', applied: null });
  });

  it('caps the count at 99+ and never strips a title that merely looks like a prefix', () => {
    expect(unreadTitle('Home · Tribe', null, 250, true).title).toBe('(99+) Home · Tribe');
    expect(unreadTitle('(2) friends · Tribe', null, 0, false).title).toBe('(2) friends · Tribe');
    // The page changed while hidden: the new title has no prefix of ours to take off.
    expect(unreadTitle('Settings · Tribe', '(3) ', 3, true).title).toBe('(3) Settings · Tribe');
  });
});

describe('the bell', () => {
  it('names the unread count for screen readers', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(120)).toBe('Notifications, 99+ unread');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(null)).toBe('Notifications');
  });
});

describe('where opening a notification may lead', () => {
  it('keeps paths on this site and https addresses', () => {
    expect(safeNotificationLink('/event/abc/applications')).toBe('/event/abc/applications');
    expect(safeNotificationLink('/my-bookings?tab=past#top')).toBe('/my-bookings?tab=past#top');
    expect(safeNotificationLink('https://tribe.example/offers')).toBe('https://tribe.example/offers');
  });

  it('refuses everything else', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'http://evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://user:pass@evil.example',
      'event/abc',
      '',
      null,
      42,
    ]) {
      expect(safeNotificationLink(link)).toBeNull();
    }
  });
});

describe('push preferences', () => {
  it('mutes every type that is not ticked, ignoring unknown values', () => {
    const muted = mutedFromPushed(NOTIFICATION_TYPES.filter((type) => type !== 'event_promotion' && type !== 'new_follower'));
    expect(muted.sort()).toEqual(['event_promotion', 'new_follower']);
    expect(mutedFromPushed(['nonsense', ...NOTIFICATION_TYPES])).toEqual([]);
    expect(mutedFromPushed([])).toEqual([...NOTIFICATION_TYPES]);
  });

  it('has plain words for every type', () => {
    for (const type of NOTIFICATION_TYPES) expect(NOTIFICATION_TYPE_LABELS[type]).toMatch(/^[A-Z]/);
  });
});

describe('the VAPID key', () => {
  it('decodes base64url (no padding) into the key bytes', () => {
    const bytes = Uint8Array.from([4, 255, 254, 253, 0, 62, 63]);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(Array.from(applicationServerKeyFrom(base64url))).toEqual(Array.from(bytes));
  });
});
