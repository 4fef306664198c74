import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { readAuth, redirectCookieAfter } from '~/lib/auth.server';
import { isAdminUser } from '~/lib/redirects';

/** The index sends guests to the public home, members to /home and admins to /admin. */
export async function loader({ request }: LoaderFunctionArgs) {
  const read = await readAuth(request);
  const { auth } = read;
  const setCookie = await redirectCookieAfter(request, read);
  const headers = setCookie ? { 'Set-Cookie': setCookie } : undefined;
  if (!auth) return redirect('/public', { headers });
  return redirect(isAdminUser(auth.user) ? '/admin' : '/home');
}
