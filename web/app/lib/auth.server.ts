import { redirect } from '@remix-run/node';
import { Messages } from '../../../api/src/contracts/messages.js';
import { api, ApiError } from './api.server';
import { oncePerPage } from './page-request.server';
import { completeProfilePath, isAdminUser, loginPathFor } from './redirects';
import { clearAuth, getSession, hasCorruptSessionCookie } from './session.server';
import type { ToastMessage } from './toast';
import type { SelfUser } from './user';

/** What a person whose session the API has ended (password changed elsewhere...) is told (SPEC §8). */
export const SESSION_EXPIRED_TOAST: ToastMessage = { kind: 'info', message: Messages.auth.sessionExpired };

/** What a person whose session cookie cannot be read is told (SPEC §4 Session). */
export const CORRUPT_SESSION_TOAST: ToastMessage = { kind: 'error', message: Messages.auth.corruptSession };

interface AuthRead {
  auth: CurrentAuth | null;
  setCookie?: string;
  /** The cookie held a token the API no longer accepts: the session ended, not by this browser. */
  expired?: boolean;
  /** The cookie could not be read at all (tampered with, another secret): `setCookie` removes it. */
  corrupted?: boolean;
}

/** The Set-Cookie of a redirect (to login, or on): after an expiry it also carries the toast that says so to the next page. */
export async function redirectCookieAfter(request: Request, read: AuthRead): Promise<string | undefined> {
  const toast = endedSessionToast(read);
  return toast ? clearAuth(request, { toast }) : read.setCookie;
}

/** The toast of a session that just ended on its own (expired elsewhere, or unreadable), if any. */
export function endedSessionToast(read: AuthRead): ToastMessage | null {
  if (read.corrupted) return CORRUPT_SESSION_TOAST;
  return read.expired ? SESSION_EXPIRED_TOAST : null;
}

export interface CurrentAuth {
  user: SelfUser;
  token: string;
}

/**
 * The signed-in person, read from the API with the cookie's token. A token the API no longer
 * accepts (401) means the session is over: the result carries a Set-Cookie that clears it.
 */
export function readAuth(request: Request): Promise<AuthRead> {
  return oncePerPage(request, 'auth', () => readAuthFromApi(request));
}

async function readAuthFromApi(request: Request): Promise<AuthRead> {
  if (await hasCorruptSessionCookie(request)) {
    return { auth: null, setCookie: await clearAuth(request), corrupted: true };
  }
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
      return { auth: null, setCookie: await clearAuth(request), expired: true };
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
  const read = await readAuth(request);
  const { auth } = read;
  const url = new URL(request.url);
  if (!auth) {
    const setCookie = await redirectCookieAfter(request, read);
    throw redirect(loginPathFor(url.pathname + url.search), setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
  }
  if (auth.user.needs_profile && !options.allowIncomplete && !isAdminUser(auth.user)) {
    throw redirect(completeProfilePath(auth.user, url.pathname + url.search));
  }
  return auth;
}
