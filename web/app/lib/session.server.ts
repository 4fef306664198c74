import { createCookie, createSession, redirect, type Session, type SessionStorage } from '@remix-run/node';
import { webConfig } from './config.server';
import { oncePerPage } from './page-request.server';
import { deriveCookieKey, seal, unseal } from './sealed-cookie.server';
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

const COOKIE_NAME = '__tribe_session';

/**
 * The session is an httpOnly cookie holding the API token and the signed-in user's id (plus a
 * one-shot toast), sealed with AES-256-GCM under a key derived from SESSION_SECRET: the browser
 * cannot read the token, and cannot change a byte. A cookie that does not unseal (the older signed
 * but readable format, another secret, tampering) is an empty session: its holder is signed out.
 */
const key = deriveCookieKey(webConfig.SESSION_SECRET);
const cookie = createCookie(COOKIE_NAME, {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: webConfig.COOKIE_SECURE,
  maxAge: 60 * 60 * 24 * 30,
});

/** The session's data from a Cookie header, or null when there is none or it does not unseal. */
async function readSealed(cookieHeader: string | null | undefined): Promise<SessionData | null> {
  const data = unseal(cookieHeader ? await cookie.parse(cookieHeader) : null, key, COOKIE_NAME);
  // Only this server seals: what unseals is a session's data as it was committed.
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as SessionData) : null;
}

/** A session holding what a cookie unsealed to (an empty one for nothing). */
const sessionOf = (data: SessionData | null) => createSession<SessionData, FlashData>(data ?? undefined);

function createSealedCookieSessionStorage(): SessionStorage<SessionData, FlashData> {
  return {
    async getSession(cookieHeader) {
      return sessionOf(await readSealed(cookieHeader));
    },
    async commitSession(session) {
      const serialized = await cookie.serialize(seal(session.data, key, COOKIE_NAME));
      if (serialized.length > 4096) throw new Error(`The session cookie would be ${serialized.length} bytes, over the 4096 browsers keep`);
      return serialized;
    },
    destroySession() {
      return cookie.serialize('', { maxAge: undefined, expires: new Date(0) });
    },
  };
}

const storage = createSealedCookieSessionStorage();

export type TribeSession = Session<SessionData, FlashData>;

/** The request's session data, unsealed once per page request (page-request.server.ts). */
function sessionDataOf(request: Request): Promise<SessionData | null> {
  return oncePerPage(request, 'session', () => readSealed(request.headers.get('Cookie')));
}

export async function getSession(request: Request): Promise<TribeSession> {
  return sessionOf(await sessionDataOf(request));
}

export function commitSession(session: TribeSession): Promise<string> {
  return storage.commitSession(session);
}

/**
 * A session cookie is there but cannot be read (tampered with, sealed under another secret, the older
 * format): the person is told their session data is corrupted and signed out cleanly (SPEC §4).
 */
export async function hasCorruptSessionCookie(request: Request): Promise<boolean> {
  const header = request.headers.get('Cookie');
  const raw = header ? new RegExp(`(?:^|;\\s*)${COOKIE_NAME}=([^;]*)`).exec(header)?.[1] : undefined;
  if (!raw) return false;
  return (await sessionDataOf(request)) === null;
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
