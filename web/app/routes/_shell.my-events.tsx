import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
} from '@remix-run/react';
import { useState } from 'react';
import { ConfirmAction } from '~/components/events/confirm-action';
import { useNow } from '~/components/events/event-bits';
import { EventCard, EventGrid } from '~/components/events/event-card';
import { ModerationNotice } from '~/components/events/moderation-notice';
import { useScrollMemory } from '~/components/events/use-scroll-memory';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { requireUser } from '~/lib/auth.server';
import { loadUserEvents } from '~/lib/event-feeds.server';
import { cancelEvent, convertEventToConfirmed } from '~/lib/event-writes.server';
import { EVENT_RULE_MESSAGES } from '~/lib/event-form-validation';
import { fromIstInputValue, hasEventStarted, isCancelled, isDateToBeDecided } from '~/lib/format-event';
import { toEventCard } from '~/lib/event-card-view';
import { flashToast } from '~/lib/session.server';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [{ title: 'My Events · Tribe' }];

/** /my-events (SPEC §2): every event the signed-in host created, cancelled ones included. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const events = await loadUserEvents(user.id, token, { all: true });
  return { events, now: Date.now() };
}

/** A refusal: shown above the list, or (`onDate`) beside the date the convert step asks for. */
interface Refusal {
  error: string;
  eventId: string | null;
  onDate: boolean;
}

const refuse = (refusal: Refusal, status: number) => data(refusal, { status });

/** API refusals of a convert that are about the date the host picked. */
const DATE_CODES = new Set<string>([
  ErrorCodes.events.convertNeedsDate,
  ErrorCodes.events.startNotFuture,
  ErrorCodes.events.endBeforeStart,
]);

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const eventId = String(form.get('eventId') ?? '');
  if (!eventId) return refuse({ error: 'Choose an event first.', eventId: null, onDate: false }, 400);
  if (intent !== 'cancel' && intent !== 'convert') return refuse({ error: 'Unknown action', eventId, onDate: false }, 400);

  // A confirmed event needs a date: the convert step of an event still "to be decided" sends one.
  let date: string | undefined;
  if (intent === 'convert' && form.has('date')) {
    const typed = String(form.get('date') ?? '').trim();
    date = fromIstInputValue(typed) ?? undefined;
    if (!date) return refuse({ error: typed ? 'Enter a valid date and time' : 'Pick the date and time', eventId, onDate: true }, 400);
  }
  const result =
    intent === 'cancel' ? await cancelEvent(token, eventId) : await convertEventToConfirmed(token, eventId, date ? { date } : {});
  if (!result.ok) {
    const onDate = intent === 'convert' && result.code !== null && DATE_CODES.has(result.code);
    const error = result.code === ErrorCodes.events.startNotFuture ? EVENT_RULE_MESSAGES.futureStart : result.error;
    return refuse({ error, eventId, onDate }, result.status);
  }
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
        <div className="flex shrink-0 gap-2">
          <Link to="/manage-application" className={buttonClasses('outline', 'sm', false, 'whitespace-nowrap')}>
            Applications
          </Link>
          <Link to="/create-event" className={buttonClasses('primary', 'sm', false, 'whitespace-nowrap')}>
            Create event
          </Link>
        </div>
      </div>
      <nav
        aria-label="Getting paid"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3"
      >
        <p className="text-sm text-slate-600">What your events earn, and where it is paid.</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/payouts" className={buttonClasses('secondary', 'sm', false, 'whitespace-nowrap')}>
            Payouts
          </Link>
          <Link to="/payment-profile" className={buttonClasses('outline', 'sm', false, 'whitespace-nowrap')}>
            Payment profile
          </Link>
        </div>
      </nav>
      {actionData?.error && !actionData.onDate ? <Alert>{actionData.error}</Alert> : null}

      {events.length === 0 ? (
        <EmptyState
          title="You haven't created any events yet"
          detail="Host your first experience and start building your tribe."
          testId="my-events-empty"
        />
      ) : null}

      <EventSection title="Upcoming" events={groups.upcoming} now={now} refusal={actionData ?? null} />
      <EventSection title="Past" events={groups.past} now={now} refusal={actionData ?? null} />
      <EventSection title="Cancelled" events={groups.cancelled} now={now} refusal={actionData ?? null} />
    </div>
  );
}

function EventSection({ title, events, now, refusal }: { title: string; events: EventView[]; now: number; refusal: Refusal | null }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={`section-${title}`} data-testid={`my-events-${title.toLowerCase()}`}>
      <h2 id={`section-${title}`} className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h2>
      <EventGrid>
        {events.map((event) => (
          <EventCard
            key={event.id}
            event={toEventCard(event)}
            now={now}
            footer={
              <>
                <ModerationNotice event={event} className="mb-2" />
                <HostActions event={event} now={now} dateRefusal={refusal?.onDate && refusal.eventId === event.id ? refusal.error : null} />
              </>
            }
          />
        ))}
      </EventGrid>
    </section>
  );
}

function HostActions({ event, now, dateRefusal }: { event: EventView; now: number; dateRefusal: string | null }) {
  if (isCancelled(event)) return <p className="text-sm text-slate-600">Cancelled</p>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link to={`/event/${event.id}/applications`} className={buttonClasses('primary', 'sm')}>
        Applications
      </Link>
      <Link to={`/event/${event.id}/edit`} className={buttonClasses('secondary', 'sm')}>
        Edit
      </Link>
      {event.meetup_type === 'curation' ? <ConvertAction event={event} dateRefusal={dateRefusal} /> : null}
      {hasEventStarted(event, now) ? null : (
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
      )}
    </div>
  );
}

/**
 * "Convert to confirmed". A confirmed event has a date, so for an event whose date is still to be
 * decided the button opens a step that asks for it (through ?convert=<id>, so it works without
 * JavaScript; in place with it) and converts and dates the event in one go.
 */
function ConvertAction({ event, dateRefusal }: { event: EventView; dateRefusal: string | null }) {
  const location = useLocation();
  const navigation = useNavigation();
  const [openHere, setOpenHere] = useState(false);
  const params = new URLSearchParams(location.search);
  const converting =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'convert' && navigation.formData?.get('eventId') === event.id;
  const needsDate = isDateToBeDecided(event) || dateRefusal !== null;

  if (!needsDate) {
    return (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="convert" />
        <input type="hidden" name="eventId" value={event.id} />
        <Button type="submit" variant="outline" size="sm" loading={converting}>
          Convert to confirmed
        </Button>
      </Form>
    );
  }

  const withParam = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set('convert', event.id);
    else next.delete('convert');
    const query = next.toString();
    return query ? `?${query}` : location.pathname;
  };
  const open = openHere || params.get('convert') === event.id || dateRefusal !== null;
  if (!open) {
    return (
      <Link
        to={withParam(true)}
        preventScrollReset
        onClick={(click) => {
          click.preventDefault();
          setOpenHere(true);
        }}
        className={buttonClasses('outline', 'sm')}
      >
        Convert to confirmed
      </Link>
    );
  }
  return (
    <Form
      method="post"
      preventScrollReset
      className="w-full space-y-3 rounded-xl border border-brand-200 bg-white p-3.5 shadow-xs"
      aria-label="Convert to confirmed"
      data-testid="convert-step"
    >
      <input type="hidden" name="intent" value="convert" />
      <input type="hidden" name="eventId" value={event.id} />
      <p className="text-sm text-slate-800">
        <span className="font-semibold">A confirmed event needs a date.</span> When does it happen?
      </p>
      <TextField
        label="Date and time"
        name="date"
        type="datetime-local"
        required
        hint="India time"
        error={dateRefusal}
        autoFocus={openHere}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={converting}>
          Convert to confirmed
        </Button>
        <Link
          to={withParam(false)}
          preventScrollReset
          replace
          onClick={(click) => {
            if (!openHere) return;
            click.preventDefault();
            setOpenHere(false);
          }}
          className={buttonClasses('ghost', 'sm')}
        >
          Not now
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
