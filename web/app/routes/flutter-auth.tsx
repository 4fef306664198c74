import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { api, ApiError } from '~/lib/api.server';
import { readAuth } from '~/lib/auth.server';
import { loginPathFor, postLoginPath, safeReturnTo } from '~/lib/redirects';
import { commitAuth, flashToast } from '~/lib/session.server';
import type { SelfUser } from '~/lib/user';
import { isWebViewRequest, nativeLoginUrl } from '~/lib/webview.server';

const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

/**
 * /flutter-auth (SPEC §2): the mobile app opens its web view here, handing over the session it
 * signed in with as `Authorization: Bearer <API session token>` on this request (a header, never
 * the address: a link cannot carry it, so nobody can sign someone else's browser in to their own
 * account). The web keeps the token in its session cookie and goes to
 * `returnTo` (an incomplete profile to /signup, admins to /admin). Refused when someone is
 * already signed in here; without a token the app's own login screen opens.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  const { auth } = await readAuth(request);
  if (auth) {
    headers.append('Set-Cookie', await flashToast(request, { kind: 'info', message: 'You are already signed in.' }));
    throw redirect('/home', { headers });
  }
  const token = BEARER.exec(request.headers.get('Authorization') ?? '')?.[1];
  // Without a session to take over: the app's own login in its web view, the login page in a browser.
  const signInElsewhere = () =>
    isWebViewRequest(request) ? nativeLoginUrl(url.search) : loginPathFor(safeReturnTo(url.searchParams.get('returnTo')));
  if (!token) throw redirect(signInElsewhere(), { headers });
  let user: SelfUser;
  try {
    user = await api<SelfUser>('/users/me', { token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect(signInElsewhere(), { headers });
    throw error;
  }
  headers.append('Set-Cookie', await commitAuth(request, { token, userId: user.id }));
  throw redirect(postLoginPath(user, safeReturnTo(url.searchParams.get('returnTo'))), { headers });
}
