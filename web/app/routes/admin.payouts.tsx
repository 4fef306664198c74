import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { EmptyState } from '~/components/ui/empty-state';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { MoneyFigures, PayoutList } from '~/components/payments/money-figures';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { requireAdmin } from '~/lib/admin.server';
import { formatDay, formatRupees } from '~/lib/format-event';
import { parseForm } from '~/lib/forms';
import { suggestedPayout } from '~/lib/payouts';
import { loadAdminPayouts, markPayoutPaid, recordPayout } from '~/lib/payouts.server';
import { flashToast } from '~/lib/session.server';
import { Messages } from '../../../api/src/contracts/messages.js';
import {
  markPayoutPaidSchema,
  recordPayoutSchema,
  type EventPayoutView,
  type HostPayoutsView,
  type PayoutView,
} from '../../../api/src/contracts/payouts.contract.js';
import { capitalise } from '~/lib/text';

export const meta: MetaFunction = () => [{ title: 'Payouts · Admin · Tribe' }];

/** /admin/payouts: every host with money (GET /admin/payouts, most owed first), per event, with their payouts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  return { hosts: await loadAdminPayouts(token) };
}

/** A refusal, shown with the form it is about: `target` is the event (record) or the payout (mark paid). */
interface Refusal {
  intent: 'record' | 'mark-paid';
  target: string;
  /** On the amount or reference field; else above the form. */
  field: string | null;
  error: string;
  /** The amount or reference as typed, shown again (the page comes back without JavaScript). */
  typed: string;
}

const refuse = (refusal: Refusal, status: number) => data(refusal, { status });

/**
 * intent=record (eventId, amount): POST /admin/payouts, a pending payout of at most what is owed.
 * intent=mark-paid (payoutId, reference): POST /admin/payouts/{id}/mark-paid. Both checked with the
 * contract's schemas first; done, back here with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'record') {
    const eventId = String(form.get('eventId') ?? '');
    const typed = String(form.get('amount') ?? '');
    const parsed = parseForm(recordPayoutSchema, { eventId, amount: form.get('amount') });
    if (!parsed.ok) {
      const amount = parsed.fieldErrors.amount;
      return refuse(
        {
          intent,
          target: eventId,
          field: amount ? 'amount' : null,
          error: capitalise(amount ?? parsed.fieldErrors.eventId ?? 'Check the payout'),
          typed,
        },
        400,
      );
    }
    const result = await recordPayout(token, parsed.data);
    if (!result.ok) return refuse({ intent, target: eventId, field: null, error: result.error, typed }, result.status);
    const cookie = await flashToast(request, { kind: 'success', message: `Payout of ${formatRupees(result.value.amount)} recorded` });
    return redirect('/admin/payouts', { headers: { 'Set-Cookie': cookie } });
  }
  if (intent === 'mark-paid') {
    const payoutId = String(form.get('payoutId') ?? '');
    const typed = String(form.get('reference') ?? '');
    const parsed = parseForm(markPayoutPaidSchema, { reference: typed });
    if (!parsed.ok) {
      return refuse(
        { intent, target: payoutId, field: 'reference', error: capitalise(parsed.fieldErrors.reference ?? 'Check the reference'), typed },
        400,
      );
    }
    const result = await markPayoutPaid(token, payoutId, parsed.data.reference);
    if (!result.ok) return refuse({ intent, target: payoutId, field: null, error: result.error, typed }, result.status);
    const cookie = await flashToast(request, {
      kind: 'success',
      message: `Payout marked paid (${result.value.reference ?? parsed.data.reference})`,
    });
    return redirect('/admin/payouts', { headers: { 'Set-Cookie': cookie } });
  }
  return refuse({ intent: 'record', target: '', field: null, error: 'Unknown action', typed: '' }, 400);
}

export default function AdminPayoutsPage() {
  const { hosts } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const list = hosts.ok ? hosts.value : [];
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Payouts">
        What each host is owed, per event, from the payments ledger. Record a payout when you send the money, and mark it paid with the
        bank&rsquo;s reference (UTR) once it has gone through.
      </AdminPageHeader>
      {!hosts.ok ? <Alert>{hosts.error}</Alert> : null}
      {refusal && !refusal.target ? <Alert>{refusal.error}</Alert> : null}
      {hosts.ok && list.length === 0 ? (
        <EmptyState title="Nothing to pay yet" detail="Hosts show up here once fans have paid for their events." />
      ) : null}
      {list.map((host) => (
        <HostSection key={host.hostId} host={host} refusal={refusal} />
      ))}
    </div>
  );
}

function HostSection({ host, refusal }: { host: HostPayoutsView; refusal: Refusal | null }) {
  const headingId = `host-${host.hostId}`;
  return (
    <section
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      aria-labelledby={headingId}
      data-testid="admin-host-payouts"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          <bdi>{host.hostName ?? 'Host'}</bdi>
        </h2>
        {host.hasPaymentProfile ? (
          <span className="text-sm text-emerald-700">Payment profile set up</span>
        ) : (
          <span className="text-sm text-rose-700">{Messages.payouts.noPaymentProfile}</span>
        )}
      </div>
      <MoneyFigures sums={host} feePercents={host.platformFeePercents} owedLabel="Owed to the host" />
      <ul className="space-y-4">
        {host.events.map((event) => (
          <EventRow key={event.eventId} event={event} host={host} refusal={refusal} />
        ))}
      </ul>
    </section>
  );
}

function EventRow({ event, host, refusal }: { event: EventPayoutView; host: HostPayoutsView; refusal: Refusal | null }) {
  const navigation = useNavigation();
  const busy = (intent: string, target: string) =>
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    (navigation.formData?.get('eventId') === target || navigation.formData?.get('payoutId') === target);
  const recordRefusal = refusal?.intent === 'record' && refusal.target === event.eventId ? refusal : null;
  const suggested = suggestedPayout(event.owed);
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 p-3.5" data-testid="admin-event-payouts">
      <div>
        <h3 className="text-[15px] font-semibold text-slate-900">
          <Link to={`/event/${event.eventId}`} className="underline-offset-2 hover:underline">
            <bdi>{event.eventTitle}</bdi>
          </Link>
        </h3>
        {event.eventDate ? <p className="text-sm text-slate-600">{formatDay(event.eventDate)}</p> : null}
      </div>
      <MoneyFigures sums={event} feePercents={event.platformFeePercents} owedLabel="Owed to the host" />
      {host.hasPaymentProfile && (suggested !== null || recordRefusal) ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Record a payout for ${event.eventTitle}`}>
          <input type="hidden" name="intent" value="record" />
          <input type="hidden" name="eventId" value={event.eventId} />
          <TextField
            label="Amount (₹)"
            name="amount"
            inputMode="numeric"
            defaultValue={recordRefusal?.typed ?? suggested ?? ''}
            className="w-40"
            error={recordRefusal?.field === 'amount' ? recordRefusal.error : null}
          />
          <Button type="submit" size="md" loading={busy('record', event.eventId)}>
            Record payout
          </Button>
          {recordRefusal && recordRefusal.field === null ? <Alert className="w-full">{recordRefusal.error}</Alert> : null}
        </Form>
      ) : null}
      <PayoutList payouts={event.payouts}>
        {(payout) =>
          payout.status === 'pending' ? <MarkPaidForm payout={payout} refusal={refusal} busy={busy('mark-paid', payout.id)} /> : null
        }
      </PayoutList>
    </li>
  );
}

function MarkPaidForm({ payout, refusal, busy }: { payout: PayoutView; refusal: Refusal | null; busy: boolean }) {
  const own = refusal?.intent === 'mark-paid' && refusal.target === payout.id ? refusal : null;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Mark the payout of ${formatRupees(payout.amount)} paid`}>
      <input type="hidden" name="intent" value="mark-paid" />
      <input type="hidden" name="payoutId" value={payout.id} />
      <TextField
        label="Reference (UTR)"
        name="reference"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        defaultValue={own?.typed ?? ''}
        className="min-w-0 flex-1"
        error={own?.field === 'reference' ? own.error : null}
      />
      <Button type="submit" variant="outline" size="md" loading={busy}>
        Mark paid
      </Button>
      {own && own.field === null ? <Alert className="w-full">{own.error}</Alert> : null}
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
