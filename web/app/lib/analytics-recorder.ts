/**
 * The browser's analytics recorder: page views and a few actions, queued and sent in batches with
 * navigator.sendBeacon to /resources/analytics (which forwards them to the API), every
 * AnalyticsLimits.flushEveryMs, when the tab is hidden and on pagehide. The session id lives in
 * localStorage and renews after 30 minutes of inactivity, checked every 60 s (SPEC §4). Nothing
 * is recorded under Do Not Track or with the Settings opt-out.
 */
import { useLocation, useMatches } from '@remix-run/react';
import { useEffect } from 'react';
import { AnalyticsLimits, PAGE_VIEW, type AnalyticsPage } from '../../../api/src/contracts/analytics-recording.js';
import type { AnalyticsPayload } from '../../../api/src/contracts/analytics.contract.js';
import {
  currentSession,
  deviceOf,
  EventQueue,
  pageOfPath,
  parseStoredSession,
  recordingAllowed,
  sessionExpired,
  type StoredSession,
} from './analytics';
import { persistentStore } from './client-storage';
import { isShellHandle } from './route-handle';

export const ANALYTICS_ENDPOINT = '/resources/analytics';
const SESSION_KEY = 'tribe.analytics.session';
/** "1" when the person turned analytics off in Settings (this browser only). */
export const OPT_OUT_KEY = 'tribe.analytics.optOut';

const queue = new EventQueue();
let started = false;

export function analyticsOptedOut(): boolean {
  return persistentStore()?.getItem(OPT_OUT_KEY) === '1';
}

/** The Settings switch: off drops whatever was still waiting to be sent. */
export function setAnalyticsOptOut(optedOut: boolean): void {
  const store = persistentStore();
  if (optedOut) {
    store?.setItem(OPT_OUT_KEY, '1');
    store?.removeItem(SESSION_KEY);
    queue.drain();
  } else store?.removeItem(OPT_OUT_KEY);
}

const allowed = () => recordingAllowed({ doNotTrack: navigator.doNotTrack, optedOut: analyticsOptedOut() });

function touchSession(): StoredSession {
  const store = persistentStore();
  const session = currentSession(parseStoredSession(store?.getItem(SESSION_KEY) ?? null), Date.now(), () => crypto.randomUUID());
  store?.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

/** Records one event of `page` (a page view or an action). Does nothing on the server or when not allowed. */
export function track(page: AnalyticsPage, eventType: string, action: string, payload: AnalyticsPayload = {}): void {
  if (typeof window === 'undefined' || !allowed()) return;
  queue.push({
    page,
    eventType,
    action,
    payload,
    timestamp: new Date().toISOString(),
    sessionId: touchSession().id,
    device: deviceOf(window.innerWidth, navigator.userAgent),
  });
  if (queue.size >= AnalyticsLimits.eventsPerBatch) flush();
}

/** Sends what is queued. sendBeacon survives the page closing; without it, a keepalive fetch. */
export function flush(): void {
  for (const batch of queue.drain()) {
    const body = JSON.stringify(batch);
    const sent =
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }));
    if (!sent) {
      void fetch(ANALYTICS_ENDPOINT, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(
        () => undefined,
      );
    }
  }
}

function start(): () => void {
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const checkSession = () => {
    const store = persistentStore();
    if (sessionExpired(parseStoredSession(store?.getItem(SESSION_KEY) ?? null), Date.now())) store?.removeItem(SESSION_KEY);
  };
  const flushTimer = window.setInterval(flush, AnalyticsLimits.flushEveryMs);
  const sessionTimer = window.setInterval(checkSession, AnalyticsLimits.sessionCheckMs);
  document.addEventListener('visibilitychange', flushWhenHidden);
  window.addEventListener('pagehide', flush);
  return () => {
    window.clearInterval(flushTimer);
    window.clearInterval(sessionTimer);
    document.removeEventListener('visibilitychange', flushWhenHidden);
    window.removeEventListener('pagehide', flush);
  };
}

/** In the root: starts the recorder once, and records a page view for each page with a SPEC §2 name. */
export function usePageViews(): void {
  const location = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const page = (isShellHandle(handle) ? handle.page : undefined) ?? pageOfPath(location.pathname);

  useEffect(() => {
    if (started) return;
    started = true;
    const stop = start();
    return () => {
      stop();
      started = false;
    };
  }, []);
  useEffect(() => {
    if (page) track(page, PAGE_VIEW.eventType, PAGE_VIEW.action);
  }, [page, location.pathname]);
}
