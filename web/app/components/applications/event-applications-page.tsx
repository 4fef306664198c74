import { Link } from '@remix-run/react';
import { useNow } from '~/components/events/event-bits';
import { Page } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import type { ListRead } from '~/lib/applications.server';
import type { HostApplicationView } from '../../../../api/src/contracts/applications.contract.js';
import { ApplicationRow } from './application-row';
import { EmptyState } from '~/components/ui/empty-state';

/**
 * A host's applications to one event (/event/{id}/applications and /event/{id}/manage-application):
 * pending ones first, with Accept and Reject, then those already decided.
 */
export function EventApplicationsPage({
  event,
  applications,
  loadedAt,
}: {
  event: { id: string; title: string };
  applications: ListRead<HostApplicationView>;
  loadedAt: number;
}) {
  const now = useNow(loadedAt);
  const items = applications.ok ? applications.items : [];
  const pending = items.filter((item) => item.status === 'pending');
  const decided = items.filter((item) => item.status !== 'pending');
  return (
    <Page className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Applications</h1>
        <p className="text-[15px] text-slate-600">
          For{' '}
          <Link to={`/event/${event.id}`} className="font-medium text-brand-700 underline underline-offset-2">
            <bdi>{event.title}</bdi>
          </Link>
        </p>
        <div className="flex flex-wrap gap-2 pt-2">
          <Link to={`/event/${event.id}/attendees`} className={buttonClasses('outline', 'sm')}>
            Attendees
          </Link>
          <Link to="/manage-application" className={buttonClasses('ghost', 'sm')}>
            All pending applications
          </Link>
        </div>
      </div>

      {!applications.ok ? <Alert>{applications.error}</Alert> : null}
      {applications.ok && items.length === 0 ? (
        <EmptyState title="No applications yet" detail="When fans apply to this event, they show up here." />
      ) : null}
      <ApplicationSection title="Pending" applications={pending} now={now} />
      <ApplicationSection title="Decided" applications={decided} now={now} />
    </Page>
  );
}

export function ApplicationSection({
  title,
  applications,
  now,
  showEvent = false,
}: {
  title: string;
  applications: HostApplicationView[];
  now: number;
  showEvent?: boolean;
}) {
  if (applications.length === 0) return null;
  const id = `applications-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">
        <bdi>{title}</bdi> ({applications.length})
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {applications.map((application) => (
          <ApplicationRow key={application.id} application={application} now={now} showEvent={showEvent} />
        ))}
      </ul>
    </section>
  );
}
