/**
 * Analytics (issue 24; SPEC §2 page names, §3 Analytics event, §4 session renewal, §7 the store keyed
 * page_eventType_action) and the admin dashboard's figures. Base path /api/v1.
 *
 * | Method and path         | Body                | Answer                                          |
 * |-------------------------|---------------------|-------------------------------------------------|
 * | POST /analytics/events  | AnalyticsBatchInput | 204 (public; 400 schema, 413 size, 429 rate)    |
 * | GET  /admin/dashboard   |                     | DashboardView (full admins; support staff 403)  |
 *
 * Events are anonymous: a random session id, never a person's id, and payloads hold only the known
 * keys below (ids and short slugs), so no free text (an email, a phone number) can be sent.
 */
import { z } from 'zod';
import { ANALYTICS_PAGES, AnalyticsLimits, type FunnelStep } from './analytics-recording.js';

export { ANALYTICS_PAGES, AnalyticsLimits, FUNNEL_STEPS, PAGE_VIEW, type AnalyticsPage, type FunnelStep } from './analytics-recording.js';

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** The store's days are India's days, as the product's. */
export const ANALYTICS_TIME_ZONE = 'Asia/Kolkata';

const slug = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9_]*$/, 'must be a lower-case slug (letters, digits, underscores)');

/** Only these keys: ids and slugs that say which thing was acted on, never who did it. */
const payloadSchema = z.strictObject({
  eventId: z.uuid().optional(),
  applicationId: z.uuid().optional(),
  roomId: z.uuid().optional(),
  postId: z.uuid().optional(),
  status: slug.optional(),
  category: slug.optional(),
  tab: slug.optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type AnalyticsPayload = z.infer<typeof payloadSchema>;

export const analyticsEventSchema = z.strictObject({
  page: z.enum(ANALYTICS_PAGES),
  eventType: slug,
  action: slug,
  payload: payloadSchema.default({}),
  timestamp: z.iso.datetime({ offset: true }),
  sessionId: z.uuid(),
  device: z.enum(DEVICES),
});
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(AnalyticsLimits.eventsPerBatch),
});
export type AnalyticsBatchInput = z.input<typeof analyticsBatchSchema>;

/** The key the store counts under (SPEC §7). */
export const analyticsKey = (event: Pick<AnalyticsEvent, 'page' | 'eventType' | 'action'>): string =>
  `${event.page}_${event.eventType}_${event.action}`;

export const AnalyticsMessages = {
  tooLarge: `Analytics batches are at most ${AnalyticsLimits.maxBodyBytes / 1024} KB.`,
  tooFast: 'Too many analytics batches from this address. Please try again later.',
  timestampOutOfRange: 'timestamp: must be within the last 24 hours and not in the future',
} as const;

export const AnalyticsErrorCodes = {
  timestampOutOfRange: 'analytics_timestamp_out_of_range',
} as const;

/** One day of the dashboard's series (a day in India, YYYY-MM-DD). Money in whole rupees. */
export interface DashboardDay {
  day: string;
  signUps: number;
  eventsPublished: number;
  applications: number;
  capturedInr: number;
  refundedInr: number;
  activeSessions: number;
}

export interface QueueHealthView {
  queue: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface DashboardView {
  /** Oldest first, AnalyticsLimits.dashboardDays days ending today. */
  days: DashboardDay[];
  openReports: number;
  eventsAwaitingReview: number;
  /** null when Redis did not answer in time: the rest of the dashboard still shows. */
  queues: QueueHealthView[] | null;
  queueDashboardPath: string;
  funnel: Array<{ step: FunnelStep; label: string; key: string; sessions: number }>;
  generatedAt: string;
}
