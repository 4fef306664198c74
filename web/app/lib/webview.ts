/**
 * The mobile app's web view says so in its user agent: the app appends `TribeApp/<version>` (as
 * browsers append their own product tokens). Only then does the site act as the app's web view
 * (/login opens the app's login, the splash is skipped): a flag in a link or a cookie could be set
 * in an ordinary browser by one stray visit, and would lock it out of the login page for good.
 * Render errors are reported to the host app (SPEC §7 Other: type, message, timestamp).
 */
export const APP_USER_AGENT_MARK = 'TribeApp/';
export const SPLASH_SEEN_KEY = 'tribe:splash-seen';
export const RELOAD_GUARD_KEY = 'tribe:reloaded-at';
/** A crash reloads the page at most once in this window, so a persistent failure cannot loop. */
export const RELOAD_GUARD_MS = 30_000;

export function isAppUserAgent(userAgent: string | null | undefined): boolean {
  return Boolean(userAgent?.includes(APP_USER_AGENT_MARK));
}

export interface RenderErrorReport {
  type: 'render_error';
  message: string;
  timestamp: string;
}

export function renderErrorReport(error: unknown, now: Date = new Date()): RenderErrorReport {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  return { type: 'render_error', message: message.slice(0, 500), timestamp: now.toISOString() };
}

/** Whether a crash may reload the page now, given when it last did. */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt > RELOAD_GUARD_MS;
}

interface HostBridges {
  TribeApp?: { postMessage: (message: string) => void };
  ReactNativeWebView?: { postMessage: (message: string) => void };
  flutter_inappwebview?: { callHandler: (name: string, ...args: unknown[]) => unknown };
}

/** Sends the report to whichever host bridge the web view exposes; silently does nothing in a browser. */
export function notifyWebViewHost(report: RenderErrorReport): void {
  if (typeof window === 'undefined') return;
  const bridges = window as unknown as HostBridges;
  const text = JSON.stringify(report);
  try {
    bridges.TribeApp?.postMessage(text);
    bridges.ReactNativeWebView?.postMessage(text);
    void bridges.flutter_inappwebview?.callHandler('renderError', report);
  } catch {
    // the host app is optional
  }
}
