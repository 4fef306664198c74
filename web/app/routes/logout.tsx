import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { api } from '~/lib/api.server';
import { clearAuth, getToken } from '~/lib/session.server';
import { isWebViewRequest, nativeLoginUrl } from '~/lib/webview.server';

/**
 * Logout: the API forgets the token, the cookie is cleared, and the next page clears the scroll
 * memory and recently viewed events in the browser; then the login page (the app's own login
 * screen inside its web view).
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = await getToken(request);
  if (token) {
    // The cookie is cleared whatever the API says: an expired token is already logged out.
    await api('/auth/logout', { method: 'POST', token }).catch(() => undefined);
  }
  const cookie = await clearAuth(request, { signedOut: true, toast: { kind: 'info', message: 'You have been logged out.' } });
  return redirect(isWebViewRequest(request) ? nativeLoginUrl('') : '/login', { headers: { 'Set-Cookie': cookie } });
}

/** Logging out changes state, so it is never a GET; a stray visit goes home. */
export const loader = () => redirect('/');
