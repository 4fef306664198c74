import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import { AddToCalendarLink } from '~/components/calendar/add-to-calendar';
import { StatusBadge } from '~/components/applications/status-badge';
import { useNow } from '~/components/events/event-bits';
import { EventCard, EventGrid } from '~/components/events/event-card';
import { RouteErrorPage } from '~/components/layout/error-page';
import { InvoiceDownloadLink } from '~/components/payments/invoice-download';
import { BookingRating } from '~/components/ratings/booking-rating';
import { OpenRatingSheet, useRatingSheet } from '~/components/ratings/rating-sheet';
import { BookingTicket } from '~/components/tickets/booking-ticket';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { applicationStatusBadge } from '~/lib/applications';
import { loadBookedEvents } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import { formatRupees, isDateToBeDecided } from '~/lib/format-event';
import { bookingInvoiceTarget, invoicesByApplication } from '~/lib/invoices';
import { loadDocuments } from '~/lib/invoices.server';
import { hasEventEnded, myRatingOf } from '~/lib/ratings';
import { loadMyRatings } from '~/lib/ratings.server';
import type { ShellHandle } from '~/lib/route-handle';
import { toEventCard } from '~/lib/event-card-view';
import { loadTicket, type ShownTicket } from '~/lib/tickets.server';

export const meta: MetaFunction = () => [{ title: 'My Bookings · Tribe' }];
export const handle: ShellHandle = { title: 'My Bookings', ownHeading: true };

/**
 * /my-bookings (SPEC §2): the events the signed-in fan applied to, each with its application's
 * status and their bid, the invoice of each one they paid for, and for the ones they attended
 * once over, Rate (or their rating, to change), and each accepted one's ticket (QR code and short
 * code). ?rate={eventId} opens the rating sheet.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const [bookings, documents, mine] = await Promise.all([loadBookedEvents(token), loadDocuments(token, user.id), loadMyRatings(token)]);
  const ratings = mine.ok ? mine.value : null;
  const rateId = params.get('rate');
  const accepted = bookings.ok ? bookings.items.filter((event) => event.bid_status === 'accepted' && event.application_id) : [];
  const tickets: Record<string, ShownTicket> = {};
  await Promise.all(
    accepted.map(async (event) => {
      const ticket = await loadTicket(token, event.application_id!);
      if (ticket) tickets[event.application_id!] = ticket;
    }),
  );
  return {
    bookings,
    tickets,
    invoices: invoicesByApplication(documents),
    ratings,
    rating: rateId ? (myRatingOf(ratings, rateId)?.subject ?? null) : null,
    ratingStars: Number(params.get('stars')) || null,
    now: Date.now(),
  };
}

/**
 * A pending application can be withdrawn until it is decided; an accepted booking is left before the
 * start, unless the door already checked it in (the fan came: the API would refuse).
 */
const canLeave = (event: { bid_status: string | null; date: string }, now: number, ticket: ShownTicket | undefined) =>
  event.bid_status === 'pending' || (event.bid_status === 'accepted' && Date.parse(event.date) > now && !ticket?.checkedInAt);

export default function MyBookingsPage() {
  const { bookings, tickets, invoices, ratings, rating: rateFromUrl, ratingStars, now: loadedAt } = useLoaderData<typeof loader>();
  const now = useNow(loadedAt);
  const rating = useRatingSheet(rateFromUrl, ratingStars);
  const events = bookings.ok ? bookings.items : [];
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-5 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Bookings</h1>
          <p className="mt-1 text-[15px] text-slate-600">Events you applied to or bid on.</p>
        </div>
        <div className="flex gap-2">
          <Link to="/application-status" className={buttonClasses('outline', 'sm')}>
            Application status
          </Link>
          <Link to="/transactions" className={buttonClasses('outline', 'sm')}>
            Transactions
          </Link>
        </div>
      </div>
      {!bookings.ok ? <Alert>{bookings.error}</Alert> : null}
      {bookings.ok && events.length === 0 ? (
        <EmptyState
          title="No bookings yet"
          detail="Apply to an event and it shows up here."
          action={
            <Link to="/home" className={buttonClasses('primary', 'sm')}>
              Discover events
            </Link>
          }
        />
      ) : null}
      {events.length > 0 ? (
        <EventGrid>
          {events.map((event) => {
            const invoice = bookingInvoiceTarget(event, invoices);
            const ticket = event.application_id ? tickets[event.application_id] : undefined;
            return (
              <EventCard
                key={event.application_id ?? event.id}
                event={toEventCard(event)}
                now={now}
                footer={
                  <div className="space-y-3" data-testid="booking">
                    <div className="flex items-center justify-between gap-3">
                      <StatusBadge status={applicationStatusBadge(event.bid_status)} />
                      {event.bid_amount ? (
                        <span className="text-sm text-slate-700">
                          Your bid <span className="font-semibold text-slate-900">{formatRupees(event.bid_amount)}</span>
                        </span>
                      ) : null}
                    </div>
                    {ticket ? <BookingTicket ticket={ticket} eventTitle={event.title} /> : null}
                    {invoice ? <InvoiceDownloadLink target={invoice} context={event.title} /> : null}
                    {event.bid_status === 'accepted' && !isDateToBeDecided(event) && !hasEventEnded(event, now) ? (
                      <AddToCalendarLink eventId={event.id} returnTo="/my-bookings" />
                    ) : null}
                    {event.application_id && canLeave(event, now, ticket) ? (
                      <Link
                        to={`/booking/${event.application_id}/leave`}
                        className="text-sm font-medium text-rose-700 underline-offset-2 hover:underline"
                        aria-label={`Cancel booking: ${event.title}`}
                      >
                        Cancel booking
                      </Link>
                    ) : null}
                    <BookingRating
                      mine={myRatingOf(ratings, event.id)}
                      applicationId={event.application_id}
                      now={now}
                      onOpen={(subject) => rating.open(subject)}
                    />
                  </div>
                }
              />
            );
          })}
        </EventGrid>
      ) : null}
      <OpenRatingSheet sheet={rating} now={now} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
