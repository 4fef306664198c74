/**
 * Admin notifications (issue 10, SPEC §7 "Admin notifications"): announcements an admin sends to an
 * audience, now or at a time, with their delivery figures. Base path /api/v1; every endpoint is for
 * admins only (a guest gets 401, anyone else 403).
 *
 * | Method and path                              | Body                      | Answer                                        |
 * |----------------------------------------------|---------------------------|-----------------------------------------------|
 * | POST /admin/notifications                    | AdminNotificationInput    | 201 AdminNotificationView (scheduled)         |
 * | GET  /admin/notifications?page&limit         |                           | AdminNotificationListView (newest first)      |
 * | GET  /admin/notifications/{id}               |                           | AdminNotificationView, or 404                 |
 * | GET  /admin/notifications/stats?from&to      |                           | NotificationStatsView (every type, per day)   |
 * | GET  /admin/notifications/cities             |                           | CityAudienceView[] (biggest first)            |
 * | POST /admin/notifications/audience (ours)    | AudiencePreviewInput      | AudienceSizeView (the composer's preview)     |
 * | POST /admin/notifications/test               | AdminNotificationContent  | 201 TestNotificationView (the admin's own)    |
 * | POST /admin/notifications/{id}/retry         |                           | RetryView, or 409 when there is nothing to do |
 *
 * - A refused body names its field first ("title: is required"); nothing is stored.
 * - `send_at` absent means now; it may be up to SEND_AT_TOLERANCE_MS in the past (a slow form) and at
 *   most MAX_SCHEDULE_DAYS ahead. Sending happens in the workers: `status` goes scheduled → sending →
 *   sent; `recipientCount` is the audience size when the fan-out started, and once sent how many got it.
 * - Recipients are accounts that are not deleted. A city audience is everyone whose profile location
 *   names that city (contracts/city.ts: "bangalore" and "Bengaluru" are one city). A users audience
 *   naming an unknown or deleted account is refused with those ids (AudienceSizeView lists them too).
 * - The test send goes to the calling admin alone, at once: their inbox and their devices.
 * - Retry puts the failed deliveries of a sent announcement back in the queue; 409
 *   `admin_notification_not_sent` while it is still scheduled or sending, 409
 *   `admin_notification_nothing_to_retry` when none failed.
 * - Stats count by the day (India time) a notification was created: sent = notifications created,
 *   delivered and failed = their pushes by outcome, opened = those followed to their page.
 */
import { z } from 'zod';
import { pageQuerySchema, type Pagination } from './event/pagination.js';
import { mediaUrl } from './media-url.js';
import { ADMIN_NOTIFICATION_TYPES, type AdminNotificationType, type NotificationType } from './notification-types.js';

export { ADMIN_NOTIFICATION_TYPES, type AdminNotificationType };

export const MAX_TITLE_LENGTH = 100;
export const MAX_BODY_LENGTH = 500;
export const MAX_LINK_LENGTH = 2048;
export const MAX_AUDIENCE_USERS = 1_000;
export const MAX_SCHEDULE_DAYS = 30;
/** How far in the past a send time may be (the time it took to fill in and post the form). */
export const SEND_AT_TOLERANCE_MS = 5 * 60_000;
export const ADMIN_NOTIFICATION_PAGE_SIZE = 20;
/** The stats' default range (days, today included) and the longest one asked. */
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 366;
/** Days are India days. */
export const STATS_TIME_ZONE = 'Asia/Kolkata';

export const AUDIENCE_ROLES = ['fan', 'influencer', 'admin'] as const;
export type AudienceRole = (typeof AUDIENCE_ROLES)[number];

const requiredText = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });

/** Absent, null and blank (an empty form field) all mean "none". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value), schema.nullable());

/** A page of the app ("/event/…", no "//host") or an https address. */
export const notificationLink = z
  .string({ message: 'must be a path starting with / or an https URL' })
  .trim()
  .max(MAX_LINK_LENGTH, { message: `must be at most ${MAX_LINK_LENGTH} characters` })
  .refine((link) => /^\/(?![/\\])\S*$/.test(link) || /^https:\/\/[^\s/]+\S*$/i.test(link), {
    message: 'must be a path starting with / or an https URL',
  });

export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('city'), city: requiredText(100) }),
    z.object({ kind: z.literal('role'), role: z.enum(AUDIENCE_ROLES, { message: 'must be fan, influencer or admin' }) }),
    z.object({
      kind: z.literal('users'),
      user_ids: z
        .array(z.uuid({ message: 'must be a user id' }), { message: 'must be a list of user ids' })
        .min(1, { message: 'must name at least one person' })
        .max(MAX_AUDIENCE_USERS, { message: `must name at most ${MAX_AUDIENCE_USERS} people` })
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    }),
  ],
  { message: 'kind must be everyone, city, role or users' },
);
export type Audience = z.infer<typeof audienceSchema>;

/** What the notification says and where it leads: the test send takes this alone. */
export const adminNotificationContentSchema = z.object({
  title: requiredText(MAX_TITLE_LENGTH),
  body: requiredText(MAX_BODY_LENGTH),
  type: z.enum(ADMIN_NOTIFICATION_TYPES, { message: `must be one of ${ADMIN_NOTIFICATION_TYPES.join(', ')}` }),
  image_url: optional(mediaUrl),
  link: optional(notificationLink),
});
export type AdminNotificationContent = z.infer<typeof adminNotificationContentSchema>;

const sendAt = z.iso
  .datetime({ offset: true, message: 'must be a date and time like 2026-01-31T18:30:00+05:30' })
  .transform((text) => new Date(text))
  .refine((date) => date.getTime() >= Date.now() - SEND_AT_TOLERANCE_MS, { message: 'must not be in the past' })
  .refine((date) => date.getTime() <= Date.now() + MAX_SCHEDULE_DAYS * 86_400_000, {
    message: `must be at most ${MAX_SCHEDULE_DAYS} days ahead`,
  });

export const adminNotificationSchema = adminNotificationContentSchema.extend({
  audience: audienceSchema,
  /** Absent (or blank): now. */
  send_at: optional(sendAt),
});
export type AdminNotificationInput = z.infer<typeof adminNotificationSchema>;

export const audiencePreviewSchema = z.object({ audience: audienceSchema });
export type AudiencePreviewInput = z.infer<typeof audiencePreviewSchema>;

export const adminNotificationListQuerySchema = pageQuerySchema(ADMIN_NOTIFICATION_PAGE_SIZE);

const day = z.iso.date({ message: 'must be a date like 2026-01-31' });
export const statsQuerySchema = z.object({ from: optional(day), to: optional(day) });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export type AdminNotificationStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface DeliveryCounts {
  pending: number;
  delivered: number;
  failed: number;
  pruned: number;
}

export interface AdminNotificationView {
  id: string;
  type: AdminNotificationType;
  title: string;
  body: string;
  imageUrl: string | null;
  link: string | null;
  audience: Audience;
  sendAt: string;
  status: AdminNotificationStatus;
  /** While sending: the audience size when it started; once sent: how many got it. Null before. */
  recipientCount: number | null;
  /** Inbox notifications written so far (the progress of a running fan-out). */
  notified: number;
  /** How many recipients opened it. */
  opened: number;
  deliveries: DeliveryCounts;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface AdminNotificationListView {
  notifications: AdminNotificationView[];
  pagination: Pagination;
}

export interface NotificationStatsRow {
  /** YYYY-MM-DD, India time. */
  day: string;
  type: NotificationType;
  sent: number;
  delivered: number;
  failed: number;
  opened: number;
}

export interface NotificationStatsView {
  from: string;
  to: string;
  /** Days and types with anything sent, oldest day first. */
  rows: NotificationStatsRow[];
  totals: { sent: number; delivered: number; failed: number; opened: number };
}

export interface CityAudienceView {
  city: string;
  audience: number;
}

export interface AudienceSizeView {
  count: number;
  /** Listed ids that are no account, or a deleted one (users audience only). */
  unknownUserIds: string[];
}

export interface TestNotificationView {
  notificationId: string;
  /** The admin's devices the push went to (0 when they have none registered, or muted the type). */
  devices: number;
}

export interface RetryView {
  /** Failed deliveries put back in the queue. */
  retried: number;
}
