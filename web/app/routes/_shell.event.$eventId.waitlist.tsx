import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { Avatar } from '~/components/events/event-bits';
import { RouteErrorPage } from '~/components/layout/error-page';
import { offerEndsAt } from '~/components/payments/waitlist-panel';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import { loadEvent } from '~/lib/event-detail.server';
import { flashToast } from '~/lib/session.server';
import { loadWaitlist, offerSeat } from '~/lib/waitlist.server';
import type { WaitlistEntryView } from '../../../api/src/contracts/waitlist.contract.js';
import { BackButton } from '~/components/ui/back-button';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Waitlist${loaded?.event ? ` · ${loaded.event.title}` : ''} · Tribe` },
];

/**
 * /event/{eventId}/waitlist (issue 25): the host's (or an admin's) view of a full event's waitlist
 * in order, offers first. While seats are free, any person waiting can be offered one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const { event } = await loadEvent(params.eventId ?? '', auth.token);
  const waitlist = await loadWaitlist(auth.token, event.id);
  if (!waitlist.ok) throw data(waitlist.error, { status: waitlist.status });
  return { event: { id: event.id, title: event.title }, waitlist: waitlist.value };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireUser(request);
  const form = await request.formData();
  const id = params.eventId ?? '';
  const entryId = String(form.get('entryId') ?? '');
  if (form.get('intent') !== 'offer' || !entryId) return { error: 'Unknown action' };
  const result = await offerSeat(auth.token, id, entryId);
  if (!result.ok) return { error: result.error };
  return redirect(`/event/${id}/waitlist`, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Seat offered. They have been told.' }) },
  });
}

export default function WaitlistPage() {
  const { event, waitlist } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { entries, freeSeats } = waitlist;
  return (
    <div className="mx-auto max-w-2xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackButton to={`/event/${event.id}`} label="Back to the event" />
        <div className="min-w-0">
          <h1 className="text-lg font-semibold text-slate-900">Waitlist</h1>
          <p className="truncate text-sm text-slate-600">
            <bdi>{event.title}</bdi>
          </p>
        </div>
      </header>

      <div className="mt-5 space-y-4">
        {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
        <p className="text-sm text-slate-600" data-testid="waitlist-seats">
          {waitlist.attendees} of {waitlist.capacity ?? 'unlimited'} seats taken
          {waitlist.held > 0 ? `, ${waitlist.held} held by offers` : ''}.{' '}
          {freeSeats > 0
            ? `${freeSeats} ${freeSeats === 1 ? 'seat is' : 'seats are'} free: offer ${freeSeats === 1 ? 'it' : 'them'} to anyone below, or the next in line gets ${freeSeats === 1 ? 'it' : 'them'} shortly.`
            : 'When a seat frees, the next in line is offered it.'}
        </p>
        {entries.length === 0 ? (
          <EmptyState title="Nobody is waiting" detail="When the event is full, fans can join its waitlist." />
        ) : (
          <ol
            className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
            aria-label="People waiting"
          >
            {entries.map((entry) => (
              <WaitlistRow key={entry.id} entry={entry} canOffer={freeSeats > 0} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function WaitlistRow({ entry, canOffer }: { entry: WaitlistEntryView; canOffer: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('entryId') === entry.id;
  const name = entry.fan.name || 'Tribe member';
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="waitlist-entry">
      <span className="w-8 shrink-0 text-sm font-semibold text-slate-500">{entry.position ? `#${entry.position}` : ''}</span>
      <Avatar name={entry.fan.name} url={entry.fan.photoUrl} size={40} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-medium text-slate-900">
          <bdi>{name}</bdi>
        </p>
        {entry.status === 'offered' && entry.offerExpiresAt ? (
          <p className="text-sm text-emerald-700">Offered a seat until {offerEndsAt(entry.offerExpiresAt)}</p>
        ) : null}
      </div>
      {entry.status === 'waiting' && canOffer ? (
        <Form method="post">
          <input type="hidden" name="intent" value="offer" />
          <input type="hidden" name="entryId" value={entry.id} />
          <Button type="submit" size="sm" loading={busy} aria-label={`Offer a seat to ${name}`}>
            Offer seat
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
