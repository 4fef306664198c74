import { data } from '@remix-run/node';
import { requireUser, type CurrentAuth } from './auth.server';
import { canUseSupport, isAdminUser } from './redirects';

const FORBIDDEN = 'Admin access required';

/**
 * For the admin area's loaders and actions: the signed-in admin (role admin or the admin flag).
 * Guests go to /login; anyone else gets 403 "Admin access required". An admin made by
 * `npm run admin:create` has no age or gender, and may stay.
 */
export async function requireAdmin(request: Request): Promise<CurrentAuth> {
  const auth = await requireUser(request, { allowIncomplete: true });
  if (!isAdminUser(auth.user)) throw data({ error: FORBIDDEN }, { status: 403 });
  return auth;
}

/** The job queue pages: admins and support staff (the `support` permission); anyone else 403. */
export async function requireSupport(request: Request): Promise<CurrentAuth> {
  const auth = await requireUser(request, { allowIncomplete: true });
  if (!canUseSupport(auth.user)) throw data({ error: FORBIDDEN }, { status: 403 });
  return auth;
}
