import { webConfig } from './config.server';
import { isAppUserAgent } from './webview';

/**
 * The server's side of the mobile web view (docs/decisions.md "The web view flag"): a request is
 * the app's when its user agent carries the app's mark.
 */
export function isWebViewRequest(request: Request): boolean {
  return isAppUserAgent(request.headers.get('User-Agent'));
}

/**
 * Earlier releases remembered `?webview=1` in this cookie, which trapped ordinary browsers: /login
 * went to the app's deep link for a year. It no longer counts; a browser still holding it is told
 * to forget it.
 */
const RETIRED_WEBVIEW_COOKIE = 'tribe_webview';

export function retiredWebViewCookieRemoval(request: Request): string | null {
  const header = request.headers.get('Cookie') ?? '';
  const held = header.split(';').some((part) => part.trim().startsWith(`${RETIRED_WEBVIEW_COOKIE}=`));
  return held ? `${RETIRED_WEBVIEW_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${webConfig.COOKIE_SECURE ? '; Secure' : ''}` : null;
}

/** The app's login screen, carrying `search` (the query of the /login request, "?..." or ""). */
export function nativeLoginUrl(search: string): string {
  return `${webConfig.NATIVE_LOGIN_URL}${search}`;
}
