/**
 * Rules of the notification screens (SPEC §2 /notifications and the page title, §3 Notifications):
 * the inbox's day groups, the hidden-tab title prefix, the links a notification may lead to, and
 * the plain words for each type. Plain functions, shared by server and browser, unit tested.
 */
import { NOTIFICATION_TYPES, type NotificationType } from '../../../api/src/contracts/notification-types.js';
import { formatDay, istDayKey } from './format-event';
import { formatBadge } from './nav';
import { safeReturnTo } from './redirects';

export { NOTIFICATION_TYPES, type NotificationType };

const DAY_MS = 86_400_000;

export const INBOX_PATH = '/notifications';

/** The most pages "Load more" goes to (500 notifications): past it the list stops growing. */
export const MAX_INBOX_PAGES = 25;

export interface DayGroup<T> {
  /** "Today", "Yesterday", or the day in en-IN ("Sat, 27 Dec 2025"), in India time. */
  label: string;
  items: T[];
}

/**
 * Notifications (newest first) in groups by the India-time day they came in, in the order given:
 * "Today", "Yesterday", then the date.
 */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: number): DayGroup<T>[] {
  const today = istDayKey(new Date(now).toISOString());
  const yesterday = istDayKey(new Date(now - DAY_MS).toISOString());
  const groups: Array<DayGroup<T> & { key: string }> = [];
  for (const item of items) {
    const key = istDayKey(item.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) {
      last.items.push(item);
      continue;
    }
    const label = key === today ? 'Today' : key === yesterday ? 'Yesterday' : formatDay(item.createdAt) || 'Earlier';
    groups.push({ key, label, items: [item] });
  }
  return groups.map(({ label, items: grouped }) => ({ label, items: grouped }));
}

/**
 * The page title with the unread prefix: "(3) Home · Tribe" while the tab is hidden and there are
 * unread notifications, else the page's own title. `applied` is the prefix put on last time (null
 * when none), so only ours is ever taken off; returns the title to set and the prefix now applied.
 */
export function unreadTitle(
  current: string,
  applied: string | null,
  unread: number,
  hidden: boolean,
): { title: string; applied: string | null } {
  const base = applied && current.startsWith(applied) ? current.slice(applied.length) : current;
  const badge = hidden ? formatBadge(unread) : null;
  if (!badge) return { title: base, applied: null };
  const prefix = `(${badge}) `;
  return { title: prefix + base, applied: prefix };
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unread: number | null): string {
  const badge = formatBadge(unread);
  return badge ? `Notifications, ${badge} unread` : 'Notifications';
}

/**
 * Where opening a notification may lead: a path on this site (reduced as returnTo is), or an https
 * address (an admin's link). Anything else (another scheme, "//host", a backslash trick) is null.
 */
export function safeNotificationLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const path = safeReturnTo(link, '');
  if (path) return path;
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** What each type is, in plain words, for the push preferences. */
export const NOTIFICATION_TYPE_LABELS: Readonly<Record<NotificationType, string>> = {
  new_application: 'New applications to your events',
  bid_placed: 'New bids on your events',
  event_approved: 'Your event was approved',
  event_rejected: 'Your event was not approved',
  bid_accepted: 'Your bid was accepted',
  bid_rejected: 'Your bid was not accepted',
  application_accepted: 'Your application was accepted',
  application_rejected: 'Your application was not accepted',
  application_expired: 'An application expired before the host decided',
  event_update: 'Changes to events you joined',
  event_cancelled: 'An event you joined was cancelled',
  event_reminder: 'Reminders before your events',
  payment: 'Payments and released holds',
  refund_failed: 'A refund to you that could not be completed',
  refund_returned: 'A refund our team returned to you outside Tribe',
  refund_needs_admin: 'Refunds that failed and need an admin',
  new_follower: 'New followers',
  post_liked: 'Likes on your posts',
  post_commented: 'Comments on your posts',
  new_post: 'New posts from hosts you follow',
  rating_prompt: 'Asking you to rate events you attended',
  review_reply: 'Hosts replying to your reviews',
  report_outcome: 'What became of things you reported',
  booking_left: 'Fans cancelling their place at your events',
  booking_refunded: 'A booking of yours refunded in full, and its place cancelled',
  waitlist_offer: 'A seat offered to you from a waitlist',
  waitlist_offer_expired: 'A waitlist offer to you ending unpaid',
  waitlist_offer_taken: 'Someone taking a seat offered from your waitlist',
  influencer_verified: 'Your influencer verification was approved',
  verification_refused: 'Your influencer verification was refused',
  admin_announcement: 'Announcements from Tribe',
  platform_update: 'Tribe app updates',
  city_specific: 'News for your city',
  event_promotion: 'Featured events',
  chat_message: 'New messages in your event chats',
};

export const isNotificationType = (value: unknown): value is NotificationType =>
  typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);

/**
 * The preferences form sends one `push` value per type that stays on; every other type is muted.
 * Unknown values are ignored.
 */
export function mutedFromPushed(pushed: readonly unknown[]): NotificationType[] {
  const on = new Set(pushed.filter(isNotificationType));
  return NOTIFICATION_TYPES.filter((type) => !on.has(type));
}

/** A VAPID public key (base64url, as the API gives it) as the bytes PushManager.subscribe wants. */
export function applicationServerKeyFrom(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}
