import { Link } from '@remix-run/react';
import { useNow } from '~/components/events/event-bits';
import { Page } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import type { ListRead } from '~/lib/applications.server';
import type { HostApplicationView } from '../../../../api/src/contracts/applications.contract.js';
import { EmptyState } from '~/components/ui/empty-state';
import { ApplicationSection } from './event-applications-page';

/** Pending applications grouped by event, in the order of each event's newest application. */
function byEvent(applications: HostApplicationView[]): Array<{ eventId: string; eventTitle: string; items: HostApplicationView[] }> {
  const groups = new Map<string, { eventId: string; eventTitle: string; items: HostApplicationView[] }>();
  for (const application of applications) {
    const group = groups.get(application.eventId) ?? { eventId: application.eventId, eventTitle: application.eventTitle, items: [] };
    group.items.push(application);
    groups.set(application.eventId, group);
  }
  return [...groups.values()];
}

/** /manage-application and /applications (SPEC §2): every pending application on the host's events, with Accept and Reject. */
export function PendingApplicationsPage({ applications, loadedAt }: { applications: ListRead<HostApplicationView>; loadedAt: number }) {
  const now = useNow(loadedAt);
  const items = applications.ok ? applications.items : [];
  return (
    <Page className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Applications</h1>
        <p className="mt-1 text-[15px] text-slate-600">
          {items.length === 0
            ? 'Fans waiting for your answer show up here.'
            : `${items.length} pending application${items.length === 1 ? '' : 's'} across your events`}
        </p>
      </div>
      {!applications.ok ? <Alert>{applications.error}</Alert> : null}
      {applications.ok && items.length === 0 ? (
        <EmptyState
          title="You're all caught up"
          detail="No application is waiting for your answer."
          action={
            <Link to="/my-events" className={buttonClasses('outline', 'sm')}>
              My events
            </Link>
          }
        />
      ) : null}
      {byEvent(items).map((group) => (
        <div key={group.eventId} className="space-y-2">
          <ApplicationSection title={group.eventTitle} applications={group.items} now={now} />
          <Link
            to={`/event/${group.eventId}/applications`}
            className="inline-block px-1 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            All applications to <bdi>{group.eventTitle}</bdi>
          </Link>
        </div>
      ))}
    </Page>
  );
}
