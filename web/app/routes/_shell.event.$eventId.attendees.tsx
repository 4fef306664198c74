import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { Avatar } from '~/components/events/event-bits';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { loadAttendees } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import { loadEvent } from '~/lib/event-detail.server';
import { canManageEvent, formatTime } from '~/lib/format-event';
import { loadDoorTickets } from '~/lib/tickets.server';
import { BackButton } from '~/components/ui/back-button';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Attendees${data?.event ? ` · ${data.event.title}` : ''} · Tribe` },
];

/**
 * /event/{eventId}/attendees (SPEC §2): the fans whose applications were accepted. The host may
 * keep the list private (show_attendees off): others are told so. The host sees who came (checked
 * in at the door, and when) and opens the check-in page from here. The top bar is hidden here, so
 * the page has its own back link.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const { event } = await loadEvent(params.eventId ?? '', auth.token);
  const isHost = canManageEvent(event, auth.user);
  const [attendees, door] = await Promise.all([loadAttendees(auth.token, event.id), isHost ? loadDoorTickets(auth.token, event.id) : null]);
  const checkedInAt: Record<string, string> = {};
  for (const ticket of door?.tickets ?? []) if (ticket.checkedInAt) checkedInAt[ticket.fanId] = ticket.checkedInAt;
  return { event: { id: event.id, title: event.title }, isHost, attendees, checkedInAt };
}

export default function AttendeesPage() {
  const { event, isHost, attendees, checkedInAt } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackButton to={`/event/${event.id}`} label="Back to the event" />
        <div className="min-w-0">
          <h1 className="text-lg font-semibold text-slate-900">Attendees</h1>
          <p className="truncate text-sm text-slate-600">
            <bdi>{event.title}</bdi>
          </p>
        </div>
      </header>

      <div className="mt-5 space-y-4">
        {!attendees.ok ? (
          <Alert tone={attendees.hidden ? 'info' : 'error'}>
            <span data-testid={attendees.hidden ? 'attendees-hidden' : undefined}>{attendees.error}</span>
          </Alert>
        ) : attendees.attendees.length === 0 ? (
          <EmptyState title="No attendees yet" detail="Fans whose applications are accepted show up here." />
        ) : (
          <>
            <p className="text-sm text-slate-600">
              {attendees.attendees.length} attendee{attendees.attendees.length === 1 ? '' : 's'}
            </p>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white" aria-label="Attendees">
              {attendees.attendees.map((attendee) => (
                <li key={attendee.id} className="flex items-center gap-3 px-4 py-3" data-testid="attendee">
                  <Avatar name={attendee.name} url={attendee.photoUrl} size={40} />
                  <span className="min-w-0 flex-1 truncate text-[15px] font-medium text-slate-900">
                    <bdi>{attendee.name || 'Tribe member'}</bdi>
                  </span>
                  {checkedInAt[attendee.id] ? (
                    <span className="shrink-0 text-sm font-medium text-emerald-800" data-testid="checked-in">
                      Checked in at {formatTime(checkedInAt[attendee.id]!)}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
        {isHost ? (
          <div className="flex flex-wrap gap-4">
            <Link
              to={`/event/${event.id}/check-in`}
              className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Check people in at the door
            </Link>
            <Link
              to={`/event/${event.id}/applications`}
              className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Applications to this event
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
