import { redirect } from '@remix-run/node';
import { api, ApiError } from './api.server';
import { completeProfilePath, isAdminUser, loginPathFor } from './redirects';
import { clearAuth, getSession } from './session.server';
import type { SelfUser } from './user';

export interface CurrentAuth {
  user: SelfUser;
  token: string;
}

/**
 * The signed-in person, read from the API with the cookie's token. A token the API no longer
 * accepts (401) means the session is over: the result carries a Set-Cookie that clears it.
 */
export async function readAuth(request: Request): Promise<{ auth: CurrentAuth | null; setCookie?: string }> {
  const session = await getSession(request);
  const token = session.get('token');
  const userId = session.get('userId');
  if (!token) return { auth: null };
  if (!userId) return { auth: null, setCookie: await clearAuth(request) };
  try {
    const user = await api<SelfUser>(`/users/${encodeURIComponent(userId)}`, { token });
    return { auth: { user, token } };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 400)) {
      return { auth: null, setCookie: await clearAuth(request) };
    }
    throw error;
  }
}

/**
 * For protected loaders and actions: the signed-in person with a complete profile. Guests are sent
 * to /login?returnTo=<this page>; an incomplete profile to /signup with its details prefilled.
 * Admins are exempt from the profile rule, as in the root guard: an admin made by
 * `npm run admin:create` has no age or gender, and /signup would only send them back to /admin.
 */
export async function requireUser(request: Request, options: { allowIncomplete?: boolean } = {}): Promise<CurrentAuth> {
  const { auth, setCookie } = await readAuth(request);
  const url = new URL(request.url);
  if (!auth) {
    throw redirect(loginPathFor(url.pathname + url.search), setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
  }
  if (auth.user.needs_profile && !options.allowIncomplete && !isAdminUser(auth.user)) {
    throw redirect(completeProfilePath(auth.user, url.pathname + url.search));
  }
  return auth;
}
