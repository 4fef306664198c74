/**
 * Where people are sent after signing in (SPEC §2 "Login screen", §4 "Login flow"). Plain module:
 * no environment, no server imports, so it is unit tested and usable on both sides.
 */

export const DEFAULT_LOGIN_REDIRECT = '/home';

const ORIGIN = 'http://tribe.local';

/** Reduces returnTo to a same-origin path (no open redirect); anything else gives the fallback. */
export function safeReturnTo(value: unknown, fallback = DEFAULT_LOGIN_REDIRECT): string {
  if (typeof value !== 'string') return fallback;
  const candidate = value.trim();
  // Browsers treat backslashes as slashes and drop tabs/newlines, so "/\evil" or "/\t/evil" would leave the site.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!candidate.startsWith('/') || /[\\\u0000-\u001f]/.test(candidate) || candidate.startsWith('//')) return fallback;
  try {
    const url = new URL(candidate, ORIGIN);
    if (url.origin !== ORIGIN) return fallback;
    // Dot segments collapse during parsing: "/.//evil" becomes "//evil", which a browser would leave the site for.
    if (url.pathname.startsWith('//')) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

export interface RoleHolder {
  role?: string | null;
  isAdmin?: boolean | null;
  is_admin?: boolean | null;
  admin_permissions?: { support?: boolean } | null;
}

/** Admin is recognised by role admin or an admin flag (SPEC §6). */
export function isAdminUser(user: RoleHolder | null | undefined): boolean {
  return Boolean(user && (user.role === 'admin' || user.isAdmin || user.is_admin));
}

/** Support staff (the `support` admin permission) and admins may use the job queue pages. */
export function canUseSupport(user: RoleHolder | null | undefined): boolean {
  return isAdminUser(user) || user?.admin_permissions?.support === true;
}

export interface ProfileHolder extends RoleHolder {
  email?: string | null;
  name?: string | null;
  mobile_number?: string | null;
  needs_profile?: boolean | null;
}

/** /signup with email, name and mobileNumber as query parameters, for finishing an incomplete profile. */
export function completeProfilePath(user: ProfileHolder, returnTo?: string): string {
  const query = new URLSearchParams();
  query.set('email', user.email ?? '');
  query.set('name', user.name ?? '');
  query.set('mobileNumber', (user.mobile_number ?? '').replace(/^\+91/, ''));
  if (returnTo && returnTo !== DEFAULT_LOGIN_REDIRECT) query.set('returnTo', returnTo);
  return `/signup?${query.toString()}`;
}

/**
 * After login: admins and support staff go to /admin (support staff find only the job queue pages
 * there); an incomplete profile goes to /signup; everyone else to the (already safe) returnTo.
 */
export function postLoginPath(user: ProfileHolder, rawReturnTo: unknown): string {
  const returnTo = safeReturnTo(rawReturnTo);
  if (canUseSupport(user)) return '/admin';
  if (user.needs_profile) return completeProfilePath(user, returnTo);
  return returnTo;
}

/** /login?returnTo=<path> for a guest opening a page that needs login. */
export function loginPathFor(returnTo: string): string {
  return `/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** /signup carrying the page to land on once the account and profile are done (plain /signup for the default). */
export function signupPathFor(returnTo: string): string {
  const target = safeReturnTo(returnTo);
  return target === DEFAULT_LOGIN_REDIRECT ? '/signup' : `/signup?returnTo=${encodeURIComponent(target)}`;
}
