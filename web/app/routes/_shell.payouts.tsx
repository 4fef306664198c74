import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { HostsOnlyNotice } from '~/components/payments/hosts-only';
import { MoneyFigures, PayoutList } from '~/components/payments/money-figures';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import { formatDay } from '~/lib/format-event';
import { formatPercent } from '~/lib/payouts';
import { loadPaymentProfile, loadPayouts } from '~/lib/payouts.server';
import { isAdminUser } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import type { EventPayoutView } from '../../../api/src/contracts/payouts.contract.js';

export const meta: MetaFunction = () => [{ title: 'Payouts · Tribe' }];
export const handle: ShellHandle = { title: 'Payouts', ownHeading: true };

/**
 * /payouts (SPEC §2): per event of the signed-in host, what fans paid, what was refunded, the
 * platform fee, and what is owed and paid (GET /payouts, summed from the ledger), with the payouts
 * recorded for it. Fans are told payouts are for hosts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const isHost = user.role === 'influencer' || isAdminUser(user);
  const [payouts, profile] = await Promise.all([loadPayouts(token), isHost ? loadPaymentProfile(token) : null]);
  return { payouts, isHost, needsProfile: Boolean(profile?.ok && profile.value === null) };
}

export default function PayoutsPage() {
  const { payouts, isHost, needsProfile } = useLoaderData<typeof loader>();
  const summary = payouts.ok ? payouts.value : null;
  const events = summary?.events ?? [];
  return (
    <Page className="space-y-6" wide>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payouts</h1>
        <p className="mt-1 text-[15px] text-slate-600">
          What your events have earned: the money fans paid, less refunds and Tribe&rsquo;s
          {summary ? ` ${formatPercent(summary.platformFeePercent)}` : ''} platform fee.
        </p>
      </div>
      {!payouts.ok ? <Alert>{payouts.error}</Alert> : null}
      {!isHost && events.length === 0 ? <HostsOnlyNotice /> : null}
      {needsProfile ? (
        <Alert tone="info">
          <p>
            Set up your payment profile so we can pay you.{' '}
            <Link to="/payment-profile/edit" className="font-semibold underline underline-offset-2">
              Set up payment profile
            </Link>
          </p>
        </Alert>
      ) : null}
      {summary && events.length > 0 ? (
        <section className="space-y-3" aria-labelledby="totals-heading">
          <h2 id="totals-heading" className="text-lg font-semibold text-slate-900">
            All your events
          </h2>
          <MoneyFigures sums={summary} feePercents={summary.platformFeePercents} testId="payouts-total-owed" />
        </section>
      ) : null}
      {summary && isHost && events.length === 0 ? (
        <EmptyState
          title="No earnings yet"
          detail="When fans pay for your events, what you are owed shows up here."
          action={
            <Link to="/my-events" className={buttonClasses('primary', 'sm')}>
              Your events
            </Link>
          }
        />
      ) : null}
      {events.length > 0 ? (
        <section className="space-y-3" aria-labelledby="events-heading">
          <h2 id="events-heading" className="text-lg font-semibold text-slate-900">
            By event
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {events.map((event) => (
              <EventPayouts key={event.eventId} event={event} />
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}

function EventPayouts({ event }: { event: EventPayoutView }) {
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="event-payout">
      <div className="min-w-0">
        <h3 className="truncate text-[15px] font-semibold text-slate-900">
          <Link to={`/event/${event.eventId}`} className="underline-offset-2 hover:underline">
            <bdi>{event.eventTitle}</bdi>
          </Link>
        </h3>
        {event.eventDate ? <p className="text-sm text-slate-600">{formatDay(event.eventDate)}</p> : null}
      </div>
      <MoneyFigures sums={event} feePercents={event.platformFeePercents} testId="event-owed" />
      <div className="space-y-2">
        <h4 className="text-sm font-semibold text-slate-700">Payouts</h4>
        <PayoutList payouts={event.payouts} />
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
