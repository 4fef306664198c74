import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { LogoutForm } from '~/components/auth/logout-button';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { Card } from '~/components/ui/card';
import { ChevronRightIcon, LogoutIcon, ShieldIcon, SparklesIcon, UsersIcon } from '~/components/ui/icons';
import { Logo } from '~/components/ui/logo';
import { requireUser } from '~/lib/auth.server';
import { isAdminUser } from '~/lib/redirects';

export const meta: MetaFunction = () => [{ title: 'Admin · Tribe' }];

/** The admin landing page: login required (guests go to /login?returnTo=/admin), admins only (others get 403). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, { allowIncomplete: true });
  if (!isAdminUser(user)) throw data({ error: 'Admin access required' }, { status: 403 });
  return { name: user.name ?? user.email ?? 'Admin', email: user.email };
}

const UPCOMING = [
  { title: 'Event approvals', body: 'Review new events before they go live, and take down ones that break the rules.', icon: SparklesIcon },
  { title: 'User verification', body: 'Verify hosts and handle reports from the community.', icon: UsersIcon },
];

export default function Admin() {
  const admin = useLoaderData<typeof loader>();
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2">
            <Logo />
            <span className="rounded-md bg-slate-900 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
              Admin
            </span>
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
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Hello, <bdi>{admin.name}</bdi>
        </h1>
        <p className="mt-1 text-[15px] text-slate-600">Keep Tribe safe and running smoothly.</p>

        <div className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <a
            href="/api/v1/admin/queues"
            className="group rounded-2xl border border-brand-200 bg-white p-5 shadow-xs transition hover:border-brand-400 hover:shadow-md"
          >
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
              <ShieldIcon size={22} />
            </span>
            <h2 className="mt-4 flex items-center gap-1 text-lg font-semibold text-slate-900">
              Queue dashboard
              <ChevronRightIcon size={18} className="text-slate-400 transition group-hover:translate-x-0.5" />
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Background jobs — account deletions, payments, notifications: see what is waiting, running or failed, and retry.
            </p>
          </a>
          {UPCOMING.map(({ title, body, icon: Icon }) => (
            <Card key={title} className="p-5">
              <span className="flex size-11 items-center justify-center rounded-xl bg-slate-100 text-slate-500">
                <Icon size={22} />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{body}</p>
              <p className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Coming soon</p>
            </Card>
          ))}
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <ForbiddenPage />
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <RouteErrorPage error={error} status={500} />
    </div>
  );
}
