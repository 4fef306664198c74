import { randomUUID } from 'node:crypto';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AdminErrorBoundary } from '~/components/admin/admin-error-boundary';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { StatusBadge } from '~/components/applications/status-badge';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { requireAdmin } from '~/lib/admin.server';
import { refundProgress, transactionStatusBadge } from '~/lib/applications';
import { formatInstant, formatRupees } from '~/lib/format-event';
import { parseForm, type FieldErrors } from '~/lib/forms';
import { loadTransaction, recordReturnedOutside, refundPayment } from '~/lib/payments.server';
import { flashToast } from '~/lib/session.server';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import {
  refundSchema,
  returnedOutsideSchema,
  type RefundView,
  type TransactionView,
} from '../../../api/src/contracts/payments.contract.js';
import { capitalise } from '~/lib/text';

export const meta: MetaFunction = () => [{ title: 'Payment · Admin · Tribe' }];

type Intent = 'refund' | 'returned-outside';

/** A refusal, shown with its form: on a field, or above the form (the API's words). The typed values come back without JavaScript. */
interface Refusal {
  intent: Intent;
  field: 'amount' | 'reference' | 'reason' | null;
  error: string;
  typed: { amount: string; reference: string; reason: string; requestKey: string };
}

/**
 * /admin/payments/{id}: one payment, its refunds and what became of each, where the admins' "a
 * refund failed" notification leads. An admin refunds it (again), or records money they returned
 * outside Tribe (a bank transfer, with its reference) once the provider could not.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const payment = await loadTransaction(token, params.transactionId ?? '');
  if (!payment.ok) throw data({ error: payment.error }, { status: payment.status });
  // The refund form's request key: the form sent twice, or again after an answer that never came, refunds once.
  return { payment: payment.value, refundKey: randomUUID() };
}

/**
 * intent=refund (amount, reason): POST /payments/refund, sent by the provider. intent=returned-outside
 * (amount, reference, reason): POST /payments/transactions/{id}/returned-outside. Checked with the
 * contract's schemas first; done, back here with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const transactionId = params.transactionId ?? '';
  const form = await request.formData();
  const intent = form.get('intent');
  const typed = {
    amount: String(form.get('amount') ?? ''),
    reference: String(form.get('reference') ?? ''),
    reason: String(form.get('reason') ?? ''),
    requestKey: String(form.get('requestKey') ?? ''),
  };
  const reason = typed.reason.trim() || undefined;
  if (intent !== 'refund' && intent !== 'returned-outside') {
    return data<Refusal>({ intent: 'refund', field: null, error: 'Unknown action', typed }, { status: 400 });
  }
  /** A form the contract's schema refused: its first field's problem beside that field, else above the form. */
  const refuseForm = ({ fieldErrors, formError }: { fieldErrors: FieldErrors; formError: string | null }) => {
    const field = (['amount', 'reference', 'reason'] as const).find((name) => fieldErrors[name]) ?? null;
    const error = capitalise((field ? fieldErrors[field] : formError) ?? 'Check the form');
    return data<Refusal>({ intent, field, error, typed }, { status: 400 });
  };
  let result;
  if (intent === 'refund') {
    const parsed = parseForm(refundSchema, { transactionId, amount: typed.amount, reason, requestKey: typed.requestKey || undefined });
    if (!parsed.ok) return refuseForm(parsed);
    result = await refundPayment(token, parsed.data);
  } else {
    const parsed = parseForm(returnedOutsideSchema, { amount: typed.amount, reference: typed.reference, reason });
    if (!parsed.ok) return refuseForm(parsed);
    result = await recordReturnedOutside(token, transactionId, parsed.data);
  }
  if (!result.ok) {
    const error = intent === 'refund' ? `${Messages.payments.refundFailed}: ${result.error}` : result.error;
    // The key is kept for sending the same refund again, unless it already records another one: then a new one.
    const kept = result.code === ErrorCodes.payments.refundKeyUsed ? { ...typed, requestKey: randomUUID() } : typed;
    return data<Refusal>({ intent, field: null, error, typed: kept }, { status: result.status });
  }
  const message = intent === 'refund' ? Messages.payments.refundProcessed : Messages.payments.returnedOutside;
  const cookie = await flashToast(request, { kind: 'success', message });
  return redirect(`/admin/payments/${encodeURIComponent(transactionId)}`, { headers: { 'Set-Cookie': cookie } });
}

export default function AdminPaymentPage() {
  const { payment, refundKey } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const { notCompleted } = refundProgress(payment.refunds);
  const refundable = payment.capturedAmount - payment.refundedAmount;
  const canRefund = payment.state === 'captured' && refundable > 0;
  // What a failed refund left to return, else all that is left.
  const suggested = notCompleted > 0 ? Math.min(notCompleted, refundable) : refundable;
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Payment">
        A payment and its refunds. Refund it through the payment provider, or record money you returned to the payer outside Tribe (a bank
        transfer) with its reference: either way it counts as refunded, in the host&rsquo;s payout and the invoices. Once everything
        captured is given back, the fan&rsquo;s booking ends if the event is still to come: their seat frees and their ticket stops.
      </AdminPageHeader>
      <PaymentFacts payment={payment} />
      {notCompleted > 0 ? (
        <Alert>
          A refund of {formatRupees(notCompleted)} could not be completed by the payment provider. Refund it again below, or return it
          another way and record it here.
        </Alert>
      ) : null}
      <RefundList refunds={payment.refunds} />
      {canRefund ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {/* Keyed by the refunds, so a recorded one empties the forms. */}
          <RefundForm
            key={`refund-${payment.refunds.length}`}
            intent="refund"
            title="Refund through the payment provider"
            submit="Refund"
            defaultAmount={suggested}
            refusal={refusal?.intent === 'refund' ? refusal : null}
            requestKey={(refusal?.intent === 'refund' && refusal.typed.requestKey) || refundKey}
          />
          <RefundForm
            key={`returned-outside-${payment.refunds.length}`}
            intent="returned-outside"
            title="Record money returned outside Tribe"
            submit="Record as refunded"
            defaultAmount={suggested}
            refusal={refusal?.intent === 'returned-outside' ? refusal : null}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          {payment.state === 'captured' || payment.state === 'refunded'
            ? 'Everything captured is refunded or on its way back.'
            : Messages.payments.notCaptured}
        </p>
      )}
    </div>
  );
}

function PaymentFacts({ payment }: { payment: TransactionView }) {
  const facts = [
    {
      label: 'Event',
      value: (
        <Link to={`/event/${payment.eventId}`} className="font-semibold underline-offset-2 hover:underline">
          <bdi>{payment.eventTitle ?? 'Event'}</bdi>
        </Link>
      ),
    },
    { label: 'Amount', value: formatRupees(payment.amount) },
    { label: 'Captured', value: formatRupees(payment.capturedAmount) },
    { label: 'Refunded or on its way', value: formatRupees(payment.refundedAmount) },
    { label: 'Provider payment', value: payment.paymentId ?? '—' },
    { label: 'Paid', value: formatInstant(payment.createdAt) },
  ];
  return (
    <section aria-label="The payment" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <StatusBadge status={transactionStatusBadge(payment.status, payment.state)} />
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs text-slate-600">{fact.label}</dt>
            <dd className="text-[15px] break-all text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const REFUND_STATUS = {
  pending: { label: 'On its way', tone: 'pending' },
  processed: { label: 'Refunded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
} as const;

function RefundList({ refunds }: { refunds: RefundView[] }) {
  if (refunds.length === 0) return <p className="text-sm text-slate-600">No refunds yet.</p>;
  return (
    <section aria-labelledby="refunds-heading" className="space-y-2">
      <h2 id="refunds-heading" className="text-lg font-semibold text-slate-900">
        Refunds
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5" data-testid="refund-row">
            <div>
              <p className="text-[15px] font-semibold text-slate-900 tabular-nums">{formatRupees(refund.amount)}</p>
              <p className="text-sm text-slate-600">
                {formatInstant(refund.createdAt)}
                {refund.outsideReference ? (
                  <>
                    {' '}
                    · Returned outside Tribe, reference <bdi>{refund.outsideReference}</bdi>
                  </>
                ) : null}
              </p>
            </div>
            <StatusBadge status={REFUND_STATUS[refund.status]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RefundForm({
  intent,
  title,
  submit,
  defaultAmount,
  refusal,
  requestKey,
}: {
  intent: Intent;
  title: string;
  submit: string;
  defaultAmount: number;
  refusal: Refusal | null;
  /** The refund's request key: the one of the form refused, so sending it again cannot refund twice. */
  requestKey?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const headingId = `${intent}-heading`;
  const fieldError = (field: Refusal['field']) => (refusal?.field === field ? refusal.error : null);
  return (
    <Form method="post" aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <input type="hidden" name="intent" value={intent} />
      {requestKey ? <input type="hidden" name="requestKey" value={requestKey} /> : null}
      <TextField
        label="Amount (₹)"
        name="amount"
        inputMode="numeric"
        defaultValue={refusal?.typed.amount ?? String(defaultAmount)}
        error={fieldError('amount')}
      />
      {intent === 'returned-outside' ? (
        <TextField
          label="Reference (UTR)"
          name="reference"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          defaultValue={refusal?.typed.reference ?? ''}
          error={fieldError('reference')}
        />
      ) : null}
      <TextField
        label="Reason (optional)"
        name="reason"
        maxLength={200}
        defaultValue={refusal?.typed.reason ?? ''}
        error={fieldError('reason')}
      />
      {refusal && refusal.field === null ? <Alert>{refusal.error}</Alert> : null}
      <Button type="submit" variant={intent === 'refund' ? 'primary' : 'outline'} size="md" loading={busy}>
        {submit}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
