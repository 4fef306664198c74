import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { CheckInDoor, type Shown } from '~/components/tickets/check-in-door';
import { requireUser } from '~/lib/auth.server';
import { loadEvent } from '~/lib/event-detail.server';
import { canManageEvent, formatEventDate } from '~/lib/format-event';
import { checkInOnline, loadDoorTickets } from '~/lib/tickets.server';
import { TicketMessages } from '../../../api/src/contracts/tickets.contract.js';
import { BackButton } from '~/components/ui/back-button';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Check-in${data?.event ? ` · ${data.event.title}` : ''} · Tribe` },
];

/**
 * /event/{eventId}/check-in (issue 25): the host (or an admin) at the door scans tickets' QR codes
 * or types their short codes. The list of tickets is kept on the device so that it keeps working
 * offline; what it checks in then is sent when the connection returns.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const { event } = await loadEvent(params.eventId ?? '', auth.token);
  if (!canManageEvent(event, auth.user)) throw data({ error: TicketMessages.notHost }, { status: 403 });
  const door = await loadDoorTickets(auth.token, event.id);
  return { event: { id: event.id, title: event.title, when: formatEventDate(event) }, door };
}

/** A short code typed without JavaScript: the form posts here, and the page shows the API's answer. */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireUser(request);
  const code = String((await request.formData()).get('code') ?? '').trim();
  if (!code) return data<Shown>({ error: TicketMessages.tokenOrCode }, 400);
  const result = await checkInOnline(auth.token, params.eventId ?? '', { code });
  return result.ok ? data<Shown>({ view: result.value, offline: false }) : data<Shown>({ error: result.error }, result.status);
}

export default function CheckInPage() {
  const { event, door } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>() ?? null;
  return (
    <div className="mx-auto max-w-xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackButton to={`/event/${event.id}/attendees`} label="Back to the attendees" />
        <div className="min-w-0">
          <h1 className="text-lg font-semibold text-slate-900">Check-in</h1>
          <p className="truncate text-sm text-slate-600">
            <bdi>{event.title}</bdi> · {event.when}
          </p>
        </div>
      </header>
      <div className="mt-5">
        {/* Keyed: another event's door starts afresh, its queue and sends its own. */}
        <CheckInDoor key={event.id} eventId={event.id} server={door} answered={answered} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
