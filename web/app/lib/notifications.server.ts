import {
  NOTIFICATION_PAGE_SIZE,
  type NotificationListView,
  type NotificationView,
  type PreferencesView,
  type PushConfigView,
  type UnreadView,
  type WebPushSubscriptionInput,
} from '../../../api/src/contracts/notifications.contract.js';
import { api, ApiError, failureInit } from './api.server';
import { INBOX_PATH, MAX_INBOX_PAGES, safeNotificationLink, type NotificationType } from './notifications';

/** A call's result for a page: the value, or the API's message and the status to answer with. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string; status: number };

async function attempt<T>(call: () => Promise<T>, fallback: string): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error: error instanceof ApiError ? error.message : fallback, status: failureInit(error).status };
  }
}

export interface Inbox {
  notifications: NotificationView[];
  hasMore: boolean;
  unreadCount: number;
}

/**
 * The first `pages` pages of the inbox, newest first (what "Load more" has shown so far, so the
 * page works the same with and without JavaScript). One notification is listed once even if a new
 * one shifted the pages between reads.
 */
export function loadInbox(token: string, pages: number): Promise<Outcome<Inbox>> {
  return attempt(async () => {
    const count = Math.min(Math.max(1, pages), MAX_INBOX_PAGES);
    const reads = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        api<NotificationListView>('/notifications', { token, query: { page: index + 1, limit: NOTIFICATION_PAGE_SIZE } }),
      ),
    );
    const seen = new Set<string>();
    const notifications = reads
      .flatMap((read) => read.notifications)
      .filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
    const last = reads.at(-1)!;
    return { notifications, hasMore: last.pagination.hasNext && count < MAX_INBOX_PAGES, unreadCount: last.unreadCount };
  }, 'Failed to load notifications');
}

/** GET /notifications/unread: the count and the newest unread, for the shell's poll. */
export const loadUnread = (token: string) =>
  attempt(() => api<UnreadView>('/notifications/unread', { token }), 'Failed to load notifications');

/** The unread count for the bell's first paint, or null when it cannot be read now (the poll tries again). */
export async function loadUnreadCount(token: string): Promise<number | null> {
  const read = await attempt(() => api<{ count: number }>('/notifications/unread-count', { token }), '');
  return read.ok ? read.value.count : null;
}

/** POST /notifications/{id}/opened: read, and counted as opened; answers the notification (with its link). */
export const markOpened = (token: string, id: string) =>
  attempt(
    () => api<NotificationView>(`/notifications/${encodeURIComponent(id)}/opened`, { method: 'POST', token }),
    'Could not open this notification. Please try again.',
  );

/** Opens a notification: where to send the person (its safe link, else the inbox), or why it cannot be opened. */
export async function openNotification(token: string, id: string): Promise<Outcome<string>> {
  const opened = await markOpened(token, id);
  return opened.ok ? { ok: true, value: safeNotificationLink(opened.value.link) ?? INBOX_PATH } : opened;
}

export const markAllRead = (token: string) =>
  attempt(
    () => api<{ updated: number }>('/notifications/read-all', { method: 'POST', token }),
    'Could not mark all as read. Please try again.',
  );

export const deleteNotification = (token: string, id: string) =>
  attempt(
    () => api<undefined>(`/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', token }),
    'Could not delete the notification. Please try again.',
  );

export const loadPreferences = (token: string) =>
  attempt(() => api<PreferencesView>('/notifications/preferences', { token }), 'Failed to load your notification preferences');

export const savePreferences = (token: string, muted: NotificationType[]) =>
  attempt(
    () => api<PreferencesView>('/notifications/preferences', { method: 'PUT', token, body: { muted } }),
    'Could not save your notification preferences. Please try again.',
  );

/** GET /notifications/push-config: the VAPID public key browsers subscribe with (null when Web Push is not set up). */
export const loadPushConfig = () =>
  attempt(() => api<PushConfigView>('/notifications/push-config'), 'Could not check whether browser notifications are available.');

export const registerBrowser = (token: string, subscription: WebPushSubscriptionInput) =>
  attempt(
    () => api<unknown>('/notifications/devices', { method: 'POST', token, body: { kind: 'webpush', subscription } }),
    'Could not turn on browser notifications. Please try again.',
  );

export const unregisterBrowser = (token: string, endpoint: string) =>
  attempt(
    () => api<undefined>('/notifications/devices', { method: 'DELETE', token, body: { token: endpoint } }),
    'Could not turn off browser notifications. Please try again.',
  );
