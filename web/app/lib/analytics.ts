/**
 * The rules of the web's analytics recorder (the recorder itself is analytics-recorder.ts): which
 * page name a path has (SPEC §2), when a session renews (SPEC §4), how events are batched, and
 * when nothing may be recorded at all.
 */
import { AnalyticsLimits, FUNNEL_STEPS, type AnalyticsPage, type FunnelStep } from '../../../api/src/contracts/analytics-recording.js';
import type { AnalyticsEventInput, AnalyticsPayload, Device } from '../../../api/src/contracts/analytics.contract.js';

export interface StoredSession {
  id: string;
  /** When the person last did anything (ms since the epoch). */
  lastActiveAt: number;
}

/**
 * The session to record under at `now`: the stored one while it was active within the last 30
 * minutes (SPEC §4), else a new one. Either way it is now active.
 */
export function currentSession(stored: StoredSession | null, now: number, newId: () => string): StoredSession {
  const alive = stored !== null && now - stored.lastActiveAt < AnalyticsLimits.sessionTimeoutMs;
  return { id: alive ? stored.id : newId(), lastActiveAt: now };
}

/** Whether the periodic check (every 60 s) must start a new session: inactive for 30 minutes. */
export const sessionExpired = (stored: StoredSession | null, now: number): boolean =>
  stored === null || now - stored.lastActiveAt >= AnalyticsLimits.sessionTimeoutMs;

export function parseStoredSession(text: string | null): StoredSession | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredSession>;
    return typeof value.id === 'string' && typeof value.lastActiveAt === 'number'
      ? { id: value.id, lastActiveAt: value.lastActiveAt }
      : null;
  } catch {
    return null;
  }
}

/**
 * Events waiting to be sent, taken out in batches the API accepts (at most eventsPerBatch). Past
 * `maxQueued` the oldest are dropped: a tab that cannot send must not grow without end.
 */
export class EventQueue {
  private events: AnalyticsEventInput[] = [];

  constructor(private readonly maxQueued = AnalyticsLimits.eventsPerBatch * 4) {}

  get size(): number {
    return this.events.length;
  }

  push(event: AnalyticsEventInput): void {
    this.events.push(event);
    if (this.events.length > this.maxQueued) this.events.splice(0, this.events.length - this.maxQueued);
  }

  /** Everything queued, as request bodies of at most eventsPerBatch events each; the queue is then empty. */
  drain(): Array<{ events: AnalyticsEventInput[] }> {
    const batches: Array<{ events: AnalyticsEventInput[] }> = [];
    for (let start = 0; start < this.events.length; start += AnalyticsLimits.eventsPerBatch) {
      batches.push({ events: this.events.slice(start, start + AnalyticsLimits.eventsPerBatch) });
    }
    this.events = [];
    return batches;
  }
}

/** Do Not Track, or the person's own opt-out in Settings: nothing is recorded or sent. */
export const recordingAllowed = ({ doNotTrack, optedOut }: { doNotTrack: string | null | undefined; optedOut: boolean }): boolean =>
  doNotTrack !== '1' && !optedOut;

/** Breakpoints of SPEC §10: under 640 px a phone, under 1024 px a tablet. */
export function deviceOf(viewportWidth: number, userAgent: string): Device {
  if (/iPad|Tablet/i.test(userAgent)) return 'tablet';
  if (/Mobi|Android|iPhone/i.test(userAgent) || viewportWidth < 640) return 'mobile';
  return viewportWidth < 1024 ? 'tablet' : 'desktop';
}

const PAGE_PATHS: ReadonlyArray<[RegExp, AnalyticsPage]> = [
  [/^\/login$/, 'login'],
  [/^\/signup$/, 'signup'],
  [/^\/home$/, 'home'],
  [/^\/public$/, 'event_list'],
  [/^\/event\/[^/]+\/edit$/, 'edit_event'],
  [/^\/event\/[^/]+$/, 'event_detail'],
  [/^\/create-event$/, 'create_event'],
  [/^\/(my-events|host-past-events\/[^/]+)$/, 'host_events'],
  [/^\/(profile|profile-v2|profile-preview\/[^/]+)$/, 'profile'],
  [/^\/settings(\/.*)?$/, 'settings'],
  [/^\/chat$/, 'chat'],
  [/^\/chat\/[^/]+$/, 'chat_room'],
  [/^\/notifications$/, 'notifications'],
  [/^\/(payouts|payment-profile(\/edit)?)$/, 'wallet'],
  [/^\/transactions$/, 'transactions'],
  [/^\/(applications|my-bookings|event\/[^/]+\/applications)$/, 'applications'],
  [/^\/application-status$/, 'application_status'],
  [/^\/admin$/, 'admin_dashboard'],
  [/^\/admin\//, 'admin'],
  [/^\/city-filter$/, 'filters'],
  [/^\/(privacy|terms|refund|refund-cancellation|cancellation|shipping)$/, 'legal'],
  [/^\/support$/, 'help'],
];

/** The SPEC §2 page name of a path (a route's own `handle.page` wins over it), or null for pages without one. */
export function pageOfPath(pathname: string): AnalyticsPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_PATHS.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/** The event a join funnel step is recorded as (FUNNEL_STEPS: the dashboard counts exactly these). */
export function funnelEvent(step: Exclude<FunnelStep, 'viewed'>, payload: AnalyticsPayload) {
  const { page, eventType, action } = FUNNEL_STEPS.find((candidate) => candidate.step === step)!;
  return { page, eventType, action, payload };
}
