import { data } from '@remix-run/node';
import { requireUser, type CurrentAuth } from './auth.server';
import { isAdminUser } from './redirects';

/**
 * For the admin area's loaders and actions: the signed-in admin (role admin or the admin flag).
 * Guests go to /login; anyone else gets 403 "Admin access required". An admin made by
 * `npm run admin:create` has no age or gender, and may stay.
 */
export async function requireAdmin(request: Request): Promise<CurrentAuth> {
  const auth = await requireUser(request, { allowIncomplete: true });
  if (!isAdminUser(auth.user)) throw data({ error: 'Admin access required' }, { status: 403 });
  return auth;
}
