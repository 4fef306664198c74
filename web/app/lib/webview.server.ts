import { webConfig } from './config.server';
import { isWebViewQuery } from './webview';

/**
 * The server's side of the mobile web view (docs/decisions.md "Profiles and the mobile web view"):
 * `?webview=1` on any page marks the browser as the app's web view in a cookie (the browser's own
 * localStorage flag is for the splash, see ~/components/layout/splash), `?webview=0` unmarks it.
 */
export const WEBVIEW_COOKIE = 'tribe_webview';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieFlag(request: Request): boolean {
  const header = request.headers.get('Cookie') ?? '';
  return header.split(';').some((part) => part.trim() === `${WEBVIEW_COOKIE}=1`);
}

export function isWebViewRequest(request: Request): boolean {
  const search = new URL(request.url).search;
  const value = new URLSearchParams(search).get('webview');
  if (value === '0' || value === 'false') return false;
  return isWebViewQuery(search) || cookieFlag(request);
}

/** The Set-Cookie that remembers (or forgets) the web view, when this request's query says which. */
export function webViewCookieChange(request: Request): string | null {
  const value = new URL(request.url).searchParams.get('webview');
  if (value === '1' || value === 'true') return rememberWebView();
  if (value === '0' || value === 'false') return `${WEBVIEW_COOKIE}=; Max-Age=0; ${cookieAttributes()}`;
  return null;
}

export function rememberWebView(): string {
  return `${WEBVIEW_COOKIE}=1; Max-Age=${ONE_YEAR_SECONDS}; ${cookieAttributes()}`;
}

const cookieAttributes = () => `Path=/; SameSite=Lax${webConfig.COOKIE_SECURE ? '; Secure' : ''}`;

/** The app's login screen, carrying `search` (the query of the /login request, "?..." or ""). */
export function nativeLoginUrl(search: string): string {
  return `${webConfig.NATIVE_LOGIN_URL}${search}`;
}
