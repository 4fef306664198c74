import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { OpenReports, PendingChanges } from '~/components/admin/moderation-parts';
import { EmptyState } from '~/components/ui/empty-state';
import { EventCard } from '~/components/events/event-card';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { SegmentedTabs } from '~/components/ui/segmented-tabs';
import { requireAdmin } from '~/lib/admin.server';
import { loadReviewQueue } from '~/lib/event-moderation.server';
import { toEventCard } from '~/lib/event-card-view';
import { formatInstant } from '~/lib/format-event';
import { REVIEW_QUEUE_FILTERS, type ReviewQueueFilter } from '../../../api/src/contracts/event-moderation.contract.js';

export const meta: MetaFunction = () => [{ title: 'Event review · Admin · Tribe' }];

const TABS: Record<ReviewQueueFilter, { label: string; empty: string }> = {
  new: { label: 'New', empty: 'No new events are waiting for review.' },
  edited: { label: 'Edited', empty: 'No changes to listed events are waiting for review.' },
  reported: { label: 'Reported', empty: 'No listed event has an open report.' },
};

const isFilter = (value: string | null): value is ReviewQueueFilter => REVIEW_QUEUE_FILTERS.includes(value as ReviewQueueFilter);

/** /admin/events?filter=new|edited|reported[&cursor=]: the review queue, oldest first, each event as the public sees it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const requested = params.get('filter');
  const filter = isFilter(requested) ? requested : 'new';
  return { filter, page: await loadReviewQueue(token, filter, params.get('cursor')), now: Date.now() };
}

export default function AdminEventsPage() {
  const { filter, page, now } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Event review">
        New events of hosts nobody has verified, changes to listed events, and reported events, oldest first. Each shows as the public sees
        it now; open one to approve, refuse or take it down.
      </AdminPageHeader>
      <SegmentedTabs
        label="Review queues"
        testIdPrefix="review-queue"
        current={filter}
        tabs={REVIEW_QUEUE_FILTERS.map((key) => ({ key, label: TABS[key].label, to: `/admin/events?filter=${key}` }))}
      />
      {!page.ok ? <Alert>{page.error}</Alert> : null}
      {page.ok && page.value.items.length === 0 ? <EmptyState title="All caught up" detail={TABS[filter].empty} /> : null}
      {page.ok ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {page.value.items.map((item) => (
            <li key={item.event.id} className="space-y-2" data-testid="review-item">
              <EventCard event={toEventCard(item.event)} now={now} />
              <p className="text-sm text-slate-600">Waiting since {formatInstant(item.waiting_since)}</p>
              {item.changes ? <PendingChanges changes={item.changes} /> : null}
              <OpenReports count={item.open_reports} reports={item.reports.slice(0, 3)} />
              <Link to={`/admin/events/${item.event.id}`} className={buttonClasses('outline', 'md')}>
                Review <bdi>{item.event.title}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {page.ok && page.value.next_cursor ? (
        <Link to={`/admin/events?filter=${filter}&cursor=${page.value.next_cursor}`} className={buttonClasses('outline', 'md')}>
          Next page
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
