import { createCookieSessionStorage, redirect, type Session } from '@remix-run/node';
import { webConfig } from './config.server';
import { loginPathFor, safeReturnTo } from './redirects';
import type { ToastMessage } from './toast';

export { safeReturnTo };

interface SessionData {
  token: string;
  userId: string;
}

interface FlashData {
  toast: ToastMessage;
  /** Set by logout and account deletion: the next page clears the browser's scroll memory and recently viewed events. */
  signedOut: boolean;
}

/** The session is an httpOnly cookie holding the API token and the signed-in user's id (plus a one-shot toast). */
const storage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: {
    name: '__tribe_session',
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: webConfig.COOKIE_SECURE,
    secrets: [webConfig.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 30,
  },
});

export type TribeSession = Session<SessionData, FlashData>;

export async function getSession(request: Request): Promise<TribeSession> {
  return storage.getSession(request.headers.get('Cookie'));
}

export function commitSession(session: TribeSession): Promise<string> {
  return storage.commitSession(session);
}

export async function getToken(request: Request): Promise<string | null> {
  return (await getSession(request)).get('token') ?? null;
}

export async function commitAuth(request: Request, auth: { token: string; userId: string }, toast?: ToastMessage): Promise<string> {
  const session = await getSession(request);
  session.set('token', auth.token);
  session.set('userId', auth.userId);
  if (toast) session.flash('toast', toast);
  return storage.commitSession(session);
}

/**
 * Signs out of the cookie. With flash data the cookie is kept (empty of credentials) so the message
 * survives the redirect; without it the cookie is destroyed.
 */
export async function clearAuth(request: Request, flash?: { toast?: ToastMessage; signedOut?: boolean }): Promise<string> {
  const session = await getSession(request);
  if (!flash) return storage.destroySession(session);
  session.unset('token');
  session.unset('userId');
  if (flash.toast) session.flash('toast', flash.toast);
  if (flash.signedOut) session.flash('signedOut', true);
  return storage.commitSession(session);
}

/** Stores a toast shown once on the next page; returns the Set-Cookie value. */
export async function flashToast(request: Request, toast: ToastMessage): Promise<string> {
  const session = await getSession(request);
  session.flash('toast', toast);
  return storage.commitSession(session);
}

/** For protected pages: the token, or a redirect to /login?returnTo=<this page>. */
export async function requireToken(request: Request): Promise<string> {
  const token = await getToken(request);
  if (token) return token;
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}
