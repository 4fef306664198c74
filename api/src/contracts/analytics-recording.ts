/**
 * What the browser's recorder needs to gather and send analytics: the page names, the limits it keeps
 * to, the shape of a page view and the funnel's steps. Apart from the contract's schemas, so that zod stays out of every page's first script.
 */

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
