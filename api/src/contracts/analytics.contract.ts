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

/** SPEC §2 "Analytics page names", word for word. */
export const ANALYTICS_PAGES = [
  'login',
  'signup',
  'forgot_password',
  'home',
  'event_list',
  'event_detail',
  'create_event',
  'edit_event',
  'host_events',
  'profile',
  'profile_edit',
  'settings',
  'chat',
  'chat_room',
  'notifications',
  'wallet',
  'transactions',
  'applications',
  'application_status',
  'admin',
  'admin_dashboard',
  'search',
  'filters',
  'legal',
  'help',
] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

export const AnalyticsLimits = {
  eventsPerBatch: 50,
  /** A batch's JSON body; past it 413 before the schema is read. */
  maxBodyBytes: 32 * 1024,
  /** Batches one client address may send per window (a tab sends one every 15 s or so). */
  batchesPerWindow: 120,
  windowMs: 60_000,
  /** How old an event's timestamp may be (a tab that was offline for a while), and how far ahead (clock skew). */
  maxAgeMs: 24 * 3600_000,
  maxAheadMs: 10 * 60_000,
  /** SPEC §4 and §10: the session renews after 30 minutes of inactivity, checked every 60 s. */
  sessionTimeoutMs: 30 * 60_000,
  sessionCheckMs: 60_000,
  /** How often the browser sends what it gathered (also on pagehide and when the tab is hidden). */
  flushEveryMs: 15_000,
  /** Days the dashboard's series cover. */
  dashboardDays: 30,
} as const;

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

/** A page view: eventType `page`, action `view` (key `<page>_page_view`). */
export const PAGE_VIEW = { eventType: 'page', action: 'view' } as const;

/**
 * The join funnel: a session reaches a step when it sends that step's event. The web records exactly
 * these: the event page viewed, its join sheet opened, the checkout paid (verified), and the
 * application seen accepted on the event page. Each step counts the sessions that sent it in the
 * last 30 days (acceptance usually comes in a later session than the payment).
 */
export const FUNNEL_STEPS = [
  { step: 'viewed', label: 'Viewed an event', page: 'event_detail', ...PAGE_VIEW },
  { step: 'apply_opened', label: 'Opened apply', page: 'event_detail', eventType: 'apply', action: 'opened' },
  { step: 'paid', label: 'Paid', page: 'event_detail', eventType: 'payment', action: 'succeeded' },
  { step: 'accepted', label: 'Accepted', page: 'event_detail', eventType: 'application', action: 'accepted_seen' },
] as const satisfies ReadonlyArray<{ step: string; label: string; page: AnalyticsPage; eventType: string; action: string }>;
export type FunnelStep = (typeof FUNNEL_STEPS)[number]['step'];

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
