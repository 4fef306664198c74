import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { useNow } from '~/components/events/event-bits';
import { EventCard, EventGrid } from '~/components/events/event-card';
import { RouteErrorPage } from '~/components/layout/error-page';
import { requireUser } from '~/lib/auth.server';
import { loadUserEvents, loadUserName } from '~/lib/event-feeds.server';
import { hasEventStarted, isCancelled } from '~/lib/format-event';
import { toEventCard } from '~/lib/event-card-view';
import type { ShellHandle } from '~/lib/route-handle';
import { EmptyState } from '~/components/ui/empty-state';

const titleFor = (hostName: string | null | undefined) => `Past Events by ${hostName || 'Host'}`;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${titleFor(data?.hostName)} · Tribe` }];

/**
 * The page's heading reads "Past Events by <host name>" (fallback "Host"), SPEC §2; the top bar
 * keeps only its back button, so the title is not printed twice one above the other.
 */
export const handle: ShellHandle = { title: '', ownHeading: true };

/** /host-past-events/{hostId}: the host's events that have already happened, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const hostId = params.hostId ?? '';
  const now = Date.now();
  const [hostName, events] = await Promise.all([loadUserName(hostId, token), loadUserEvents(hostId, token, { all: true })]);
  const past = events
    .filter((event) => !isCancelled(event) && hasEventStarted(event, now))
    .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
  return { hostName, events: past, now };
}

export default function HostPastEventsPage() {
  const { hostName, events, now: loadedAt } = useLoaderData<typeof loader>();
  const now = useNow(loadedAt);
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6">
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-slate-900" data-testid="past-events-title">
          Past Events by <bdi>{hostName || 'Host'}</bdi>
        </h1>
        <p className="mt-1 text-sm text-slate-500">View all past events by this host</p>
      </header>
      {events.length === 0 ? (
        <EmptyState title="No past events yet" detail="Events this host has run will show up here." testId="past-events-empty" />
      ) : (
        <EventGrid>
          {events.map((event) => (
            <EventCard key={event.id} event={toEventCard(event)} now={now} />
          ))}
        </EventGrid>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
