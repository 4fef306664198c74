/**
 * Notifications (issue 10): the in-app inbox, the devices pushes go to, and push preferences.
 * Base path /api/v1; every endpoint needs a bearer token unless said otherwise, and acts on the
 * caller's own notifications and devices only: another person's notification answers the same 404
 * as one that does not exist.
 *
 * | Method and path                      | Body                    | Answer                                   |
 * |--------------------------------------|-------------------------|------------------------------------------|
 * | GET    /notifications?page&limit     |                         | NotificationListView (newest first)      |
 * | GET    /notifications/unread-count   |                         | UnreadCountView                          |
 * | GET    /notifications/unread         |                         | UnreadView (count and the newest unread) |
 * | POST   /notifications/{id}/read      |                         | NotificationView                         |
 * | POST   /notifications/{id}/opened    |                         | NotificationView (read, and opened)      |
 * | POST   /notifications/read-all       |                         | ReadAllView                              |
 * | DELETE /notifications/{id}           |                         | 204                                      |
 * | POST   /notifications/devices        | DeviceInput             | 201 DeviceView                           |
 * | DELETE /notifications/devices        | DeviceRemovalInput      | 204 (also for a device already gone)     |
 * | GET    /notifications/preferences    |                         | PreferencesView                          |
 * | PUT    /notifications/preferences    | PreferencesInput        | PreferencesView                          |
 * | GET    /notifications/push-config    | (public)                | PushConfigView                           |
 *
 * A muted type is still stored in the inbox; it is only not pushed.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notification-types.js';
import { pageQuerySchema, type Pagination } from './event/pagination.js';

export { NOTIFICATION_TYPES, type NotificationType };

export const NOTIFICATION_PAGE_SIZE = 20;
/** How many of the newest unread notifications GET /notifications/unread returns. */
export const UNREAD_PREVIEW_SIZE = 10;
/** Web Push endpoints and FCM registration tokens are far shorter; anything longer is not one. */
export const MAX_DEVICE_TOKEN_LENGTH = 4096;

export const notificationListQuerySchema = pageQuerySchema(NOTIFICATION_PAGE_SIZE);

/** SPEC §3 fields, with the text we show and push and the page it links to. */
export interface NotificationView {
  id: string;
  type: NotificationType;
  eventId: string | null;
  eventTitle: string | null;
  applicationId: string | null;
  fanId: string | null;
  amount: number | null;
  createdAt: string;
  isRead: boolean;
  title: string;
  body: string;
  /** A path inside the web app ("/event/…"), or an https address an admin gave. */
  link: string;
  imageUrl: string | null;
}

export interface NotificationListView {
  notifications: NotificationView[];
  pagination: Pagination;
  unreadCount: number;
}

export interface UnreadCountView {
  count: number;
}

export interface UnreadView {
  count: number;
  /** The newest unread notifications, newest first (at most UNREAD_PREVIEW_SIZE). */
  latest: NotificationView[];
}

export interface ReadAllView {
  updated: number;
}

const token = (what: string) =>
  z
    .string({ message: `${what} is required` })
    .trim()
    .min(1, { message: `${what} is required` })
    .max(MAX_DEVICE_TOKEN_LENGTH, { message: `${what} is too long` });

/** A browser's PushSubscription.toJSON(). */
export const webPushSubscriptionSchema = z.object({
  endpoint: z
    .url({ message: 'endpoint must be an https address', protocol: /^https$/ })
    .max(MAX_DEVICE_TOKEN_LENGTH, { message: 'endpoint is too long' }),
  keys: z.object({ p256dh: token('keys.p256dh'), auth: token('keys.auth') }, { message: 'keys are required' }),
});
export type WebPushSubscriptionInput = z.infer<typeof webPushSubscriptionSchema>;

/** `fcm`: the mobile app's registration token; `webpush`: a browser's push subscription. */
export const deviceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fcm'), token: token('token') }),
    z.object({ kind: z.literal('webpush'), subscription: webPushSubscriptionSchema }),
  ],
  { message: 'kind must be fcm or webpush' },
);
export type DeviceInput = z.infer<typeof deviceSchema>;

/** The FCM token, or the Web Push subscription's endpoint. */
export const deviceRemovalSchema = z.object({ token: token('token') });
export type DeviceRemovalInput = z.infer<typeof deviceRemovalSchema>;

export interface DeviceView {
  id: string;
  kind: 'fcm' | 'webpush';
  createdAt: string;
}

export const preferencesSchema = z.object({
  muted: z.array(z.enum(NOTIFICATION_TYPES, { message: 'must be a notification type' })).max(NOTIFICATION_TYPES.length),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

export interface PreferencesView {
  /** Types that are kept in the inbox but not pushed. */
  muted: NotificationType[];
}

export interface PushConfigView {
  /** The VAPID public key a browser subscribes with; null when Web Push is not set up. */
  webPushPublicKey: string | null;
}

/**
 * What a Web Push message carries to the browser (JSON, encrypted for it): the service worker shows
 * `title` and `body` (with the image, if any) and opens `link` when it is clicked. Every send of one
 * notification carries the same `notificationId`: as the shown notification's tag, a repeated push
 * replaces the first instead of showing twice.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** A path inside the web app ("/event/…"), or an https address. */
  link: string;
  imageUrl: string | null;
  notificationId: string;
  type: NotificationType;
}
