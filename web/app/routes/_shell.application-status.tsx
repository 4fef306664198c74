import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import { StatusBadge } from '~/components/applications/status-badge';
import { useNow } from '~/components/events/event-bits';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { applicationStatusBadge, formatRelativeTime } from '~/lib/applications';
import { loadMyApplications } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import { formatEventDate, formatRupees } from '~/lib/format-event';
import type { ShellHandle } from '~/lib/route-handle';

export const meta: MetaFunction = () => [{ title: 'Application Status · Tribe' }];
export const handle: ShellHandle = { title: 'Application Status', ownHeading: true };

/** /application-status (SPEC §2): the fan's applications, newest first, each with its status and when it was sent. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  return { applications: await loadMyApplications(token), now: Date.now() };
}

export default function ApplicationStatusPage() {
  const { applications, now: loadedAt } = useLoaderData<typeof loader>();
  const now = useNow(loadedAt);
  const items = applications.ok ? applications.items : [];
  return (
    <Page className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Application Status</h1>
        <p className="mt-1 text-[15px] text-slate-600">
          Hosts accept or reject applications; a payment is taken only when you're accepted.
        </p>
      </div>
      {!applications.ok ? <Alert>{applications.error}</Alert> : null}
      {applications.ok && items.length === 0 ? (
        <EmptyState
          title="No applications yet"
          detail="Apply to an event and follow its status here."
          action={
            <Link to="/home" className={buttonClasses('primary', 'sm')}>
              Discover events
            </Link>
          }
        />
      ) : null}
      {items.length > 0 ? (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          aria-label="Your applications"
        >
          {items.map((application) => (
            <li key={application.id} className="space-y-1.5 px-4 py-4" data-testid="application-status-row">
              <div className="flex items-start justify-between gap-3">
                <Link
                  to={`/event/${application.eventId}`}
                  className="min-w-0 text-[15px] font-semibold text-slate-900 underline-offset-2 hover:underline"
                >
                  <bdi>{application.eventTitle}</bdi>
                </Link>
                <StatusBadge status={applicationStatusBadge(application.status)} />
              </div>
              <p className="text-sm text-slate-600">{formatEventDate({ date: application.eventDate })}</p>
              <p className="text-sm text-slate-600">
                {application.bidAmount > 0 ? (
                  <>
                    <span className="font-semibold text-slate-900">{formatRupees(application.bidAmount)}</span>
                    {' · '}
                  </>
                ) : null}
                Applied {formatRelativeTime(application.createdAt, now).toLowerCase()}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
