import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, Outlet, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { LogoutForm } from '~/components/auth/logout-button';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { LogoutIcon } from '~/components/ui/icons';
import { Logo } from '~/components/ui/logo';
import { requireSupport } from '~/lib/admin.server';
import { isAdminUser } from '~/lib/redirects';

export const meta: MetaFunction = () => [{ title: 'Admin · Tribe' }];

/**
 * The admin area's layout: login required (guests go to /login?returnTo=/admin…), admins and
 * support staff only (others get 403). Its pages check who may see them in their own loaders, which
 * run alongside this one: support staff get the job queue pages and nothing else.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireSupport(request);
  return { name: user.name ?? user.email ?? 'Admin', email: user.email, fullAdmin: isAdminUser(user) };
}

export type AdminLoader = typeof loader;

function AdminHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/admin" className="flex items-center gap-2">
          <Logo />
          <span className="rounded-md bg-slate-900 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">Admin</span>
        </Link>
        <div className="flex items-center gap-1">
          <Link to="/home" className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100">
            Open the app
          </Link>
          <LogoutForm>
            <button
              type="submit"
              aria-label="Log out"
              className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100"
            >
              <LogoutIcon size={18} />
              <span className="hidden sm:inline">Log out</span>
            </button>
          </LogoutForm>
        </div>
      </div>
    </header>
  );
}

export default function AdminLayout() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <AdminHeader />
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="shell">
        <ForbiddenPage />
      </div>
    );
  }
  return (
    <div className="shell">
      <RouteErrorPage error={error} status={500} />
    </div>
  );
}
