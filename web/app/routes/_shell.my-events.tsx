import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { ConfirmAction } from '~/components/events/confirm-action';
import { useNow } from '~/components/events/event-bits';
import { EventCard, EventGrid } from '~/components/events/event-card';
import { useScrollMemory } from '~/components/events/use-scroll-memory';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import { loadUserEvents } from '~/lib/event-feeds.server';
import { cancelEvent, convertEventToConfirmed } from '~/lib/event-writes.server';
import { hasEventStarted, isCancelled, isDateToBeDecided } from '~/lib/format-event';
import { flashToast } from '~/lib/session.server';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';

export const meta: MetaFunction = () => [{ title: 'My Events · Tribe' }];

/** /my-events (SPEC §2): every event the signed-in host created, cancelled ones included. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const events = await loadUserEvents(user.id, token, { all: true });
  return { events, now: Date.now() };
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const eventId = String(form.get('eventId') ?? '');
  if (!eventId) return data({ error: 'Choose an event first.' }, { status: 400 });
  const result =
    intent === 'cancel'
      ? await cancelEvent(token, eventId)
      : intent === 'convert'
        ? await convertEventToConfirmed(token, eventId)
        : ({ ok: false, status: 400, error: 'Unknown action' } as const);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const message = intent === 'cancel' ? 'Event cancelled. Your guests will be notified.' : 'Event converted to confirmed';
  return redirect('/my-events', { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message }) } });
}

function groupEvents(events: EventView[], now: number) {
  const upcoming: EventView[] = [];
  const past: EventView[] = [];
  const cancelled: EventView[] = [];
  for (const event of events) {
    if (isCancelled(event)) cancelled.push(event);
    else if (hasEventStarted(event, now)) past.push(event);
    else upcoming.push(event);
  }
  const byDate = (a: EventView, b: EventView) => Date.parse(a.date) - Date.parse(b.date);
  upcoming.sort((a, b) => Number(isDateToBeDecided(a)) - Number(isDateToBeDecided(b)) || byDate(a, b));
  past.sort((a, b) => byDate(b, a));
  cancelled.sort((a, b) => byDate(b, a));
  return { upcoming, past, cancelled };
}

export default function MyEventsPage() {
  const { events, now: loadedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const now = useNow(loadedAt);
  useScrollMemory('/my-events');
  const groups = groupEvents(events, loadedAt);

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-4 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {events.length === 0 ? 'Events you create show up here.' : `${events.length} event${events.length === 1 ? '' : 's'}`}
        </p>
        <Link to="/create-event" className={buttonClasses('primary', 'sm', false, 'shrink-0 whitespace-nowrap')}>
          Create event
        </Link>
      </div>
      {actionData?.error ? <Alert>{actionData.error}</Alert> : null}

      {events.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="my-events-empty">
          <p className="text-base font-semibold text-slate-900">You haven't created any events yet</p>
          <p className="mt-1 text-sm text-slate-500">Host your first experience and start building your tribe.</p>
        </div>
      ) : null}

      <EventSection title="Upcoming" events={groups.upcoming} now={now} />
      <EventSection title="Past" events={groups.past} now={now} />
      <EventSection title="Cancelled" events={groups.cancelled} now={now} />
    </div>
  );
}

function EventSection({ title, events, now }: { title: string; events: EventView[]; now: number }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={`section-${title}`} data-testid={`my-events-${title.toLowerCase()}`}>
      <h2 id={`section-${title}`} className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      <EventGrid>
        {events.map((event) => (
          <EventCard key={event.id} event={event} now={now} footer={<HostActions event={event} />} />
        ))}
      </EventGrid>
    </section>
  );
}

function HostActions({ event }: { event: EventView }) {
  const navigation = useNavigation();
  if (isCancelled(event)) return <p className="text-sm text-slate-500">Cancelled</p>;
  const converting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'convert' && navigation.formData?.get('eventId') === event.id;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link to={`/event/${event.id}/edit`} className={buttonClasses('secondary', 'sm')}>
        Edit
      </Link>
      {event.meetup_type === 'curation' ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="convert" />
          <input type="hidden" name="eventId" value={event.id} />
          <Button type="submit" variant="outline" size="sm" loading={converting}>
            Convert to confirmed
          </Button>
        </Form>
      ) : null}
      <ConfirmAction
        id={`cancel-${event.id}`}
        intent="cancel"
        eventId={event.id}
        trigger="Cancel"
        question="Cancel this event?"
        detail="Everyone who applied will be told, and pending payments are released. This cannot be undone."
        confirmLabel="Yes, cancel event"
        cancelLabel="Keep event"
        variant="ghost"
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
