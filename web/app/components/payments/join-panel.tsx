import { Link, useFetcher, useLocation, useNavigate, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { StatusBadge } from '~/components/applications/status-badge';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { TextAreaField, TextField } from '~/components/ui/field';
import { Sheet } from '~/components/ui/sheet';
import { useToast } from '~/components/ui/toast';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { funnelEvent } from '~/lib/analytics';
import { track } from '~/lib/analytics-recorder';
import { applicationStatusBadge, formatRelativeTime } from '~/lib/applications';
import { formatRupees } from '~/lib/format-event';
import { APPLICATION_MESSAGE_MAX, type BrowserCheckout, type JoinActionData, type JoinState } from '~/lib/join-form';
import { checkAmount, joinLabel, joinTerms, needsPayment, newTempBidId, suggestedAmount, type JoinTerms } from '~/lib/pricing';
import { Messages } from '../../../../api/src/contracts/messages.js';
import type { EventView } from '../../../../api/src/contracts/event/event-view.js';
import type { MyWaitlistView } from '../../../../api/src/contracts/waitlist.contract.js';
import { loadCheckoutScript, openCheckout } from './checkout';
import { PaymentErrorDialog } from './payment-error-dialog';
import { WaitlistJoin, WaitlistOffer, WaitlistStanding } from './waitlist-panel';

/** How long after a payment is received the page is read again (SPEC §4, §9): the application is made by a worker meanwhile. */
export const PAYMENT_REFRESH_DELAY_MS = 2_000;

/**
 * A signed-in fan's part of the event page: their application's status when they have one;
 * otherwise Apply (or Bid) opening the join form. A priced event is paid through the provider's
 * checkout: the action makes the order (pre-authorisation), the browser loads the checkout script
 * and opens it, and the payment's proof goes back through the action to be verified. A full event
 * offers its waitlist instead; a seat offered from it is paid for through the same flow.
 */
export function JoinPanel({
  event,
  gender,
  join,
  waitlist,
  open,
  now,
  initialAttempt,
  pageResult,
}: {
  event: EventView;
  gender: string | null;
  join: JoinState | null;
  /** The fan's place on the waitlist, and whether the event is full (null: unknown, Apply shows). */
  waitlist: MyWaitlistView | null;
  /** Whether the event still takes applications (on, and not started). */
  open: boolean;
  now: number;
  /** The first attempt's id, made by the loader (so a form sent without JavaScript has one too). */
  initialAttempt: string;
  /** The action's answer to a form sent without JavaScript. */
  pageResult: JoinActionData | undefined;
}) {
  usePaymentReceived(event.id);
  // A fan who left their booking may apply again while the event is open.
  const standing = join?.application && !(join.application.status === 'left' && open) ? join.application : null;
  if (standing) return <ApplicationStanding application={standing} started={!open} now={now} />;
  if (join?.processing) return <PaymentProcessing />;
  if (!open) return null;
  const entry = waitlist?.entry ?? null;
  if (entry?.status === 'waiting') return <WaitlistStanding entry={entry} />;
  if (!entry && waitlist?.full) return <WaitlistJoin waiting={waitlist.waiting} />;
  const offer = entry?.status === 'offered' ? <WaitlistOffer entry={entry} /> : null;
  const terms = joinTerms(event, gender);
  if (terms.kind === 'needs_gender') {
    return (
      <>
        {offer}
        <Alert tone="info" className="mt-4">
          {Messages.payments.genderNeeded}
        </Alert>
      </>
    );
  }
  return (
    <>
      {offer}
      <JoinFlow event={event} terms={terms} initialAttempt={initialAttempt} pageResult={pageResult} />
    </>
  );
}

const verifyFetcherKey = (eventId: string) => `verify-${eventId}`;

/** The join funnel's steps the dashboard counts (FUNNEL_STEPS): recorded here, where they happen. */
function recordFunnel(...[step, payload]: Parameters<typeof funnelEvent>) {
  const { page, eventType, action } = funnelEvent(step, payload);
  track(page, eventType, action, payload);
}

/**
 * A verified payment: say so, and read the page again once the application has had time to be
 * made. It lives in the panel, not the join form: the page read after the verification already
 * shows the payment as processing, which replaces the form, and the toast must not go with it.
 */
function usePaymentReceived(eventId: string) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const verifyFetcher = useFetcher<JoinActionData>({ key: verifyFetcherKey(eventId) });
  const handled = useRef<JoinActionData | null>(null);
  const refresh = useRef<{ timer: number | null; revalidate: () => void }>({ timer: null, revalidate: revalidator.revalidate });
  refresh.current.revalidate = revalidator.revalidate;
  useEffect(() => {
    const result = verifyFetcher.data;
    if (!result || result.intent !== 'verify' || !result.ok || handled.current === result) return;
    handled.current = result;
    recordFunnel('paid', { eventId });
    toast.show({ kind: 'success', message: Messages.payments.received });
    const pending = refresh.current;
    if (pending.timer !== null) window.clearTimeout(pending.timer);
    pending.timer = window.setTimeout(() => {
      pending.timer = null;
      pending.revalidate();
    }, PAYMENT_REFRESH_DELAY_MS);
  }, [verifyFetcher.data, toast, eventId]);
  useEffect(() => {
    const pending = refresh.current;
    return () => {
      if (pending.timer !== null) window.clearTimeout(pending.timer);
    };
  }, []);
}

/** How often, and how many times, a page waiting for its application to be made reads itself again. */
const PROCESSING_POLL_MS = 5_000;
const PROCESSING_POLLS = 12;

/** Paid, and the application not made yet: say so, and look again for a minute (the worker is usually quicker). */
function PaymentProcessing() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    let polls = 0;
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls >= PROCESSING_POLLS) window.clearInterval(timer);
      if (document.visibilityState === 'visible') revalidate.current();
    }, PROCESSING_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Alert tone="info" className="mt-4">
      <span data-testid="payment-processing">
        Payment received. Your application is being processed and you'll be notified once it's created.
      </span>{' '}
      <Link to="/transactions" className="font-semibold underline underline-offset-2">
        Your transactions
      </Link>
    </Alert>
  );
}

function ApplicationStanding({
  application,
  started,
  now,
}: {
  application: NonNullable<JoinState['application']>;
  /** The event started (or is off): an accepted booking can no longer be left. */
  started: boolean;
  now: number;
}) {
  const leavable = application.status === 'pending' || (application.status === 'accepted' && !started);
  useEffect(() => {
    if (application.status === 'accepted') recordFunnel('accepted', { applicationId: application.id });
  }, [application.id, application.status]);
  return (
    <section
      aria-labelledby="my-application-title"
      className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-3.5"
      data-testid="my-application"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="my-application-title" className="text-sm font-semibold text-slate-900">
          Your application
        </h2>
        <StatusBadge status={applicationStatusBadge(application.status)} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {application.bidAmount > 0 ? `${formatRupees(application.bidAmount)} · ` : ''}
        Applied {formatRelativeTime(application.createdAt, now).toLowerCase()}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/application-status" className="text-sm font-medium text-brand-700 underline underline-offset-2">
          All your applications
        </Link>
        {leavable ? (
          <Link to={`/booking/${application.id}/leave`} className="text-sm font-medium text-rose-700 underline underline-offset-2">
            Cancel booking
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function JoinFlow({
  event,
  terms,
  initialAttempt,
  pageResult,
}: {
  event: EventView;
  terms: Exclude<JoinTerms, { kind: 'needs_gender' }>;
  initialAttempt: string;
  pageResult: JoinActionData | undefined;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const applyFetcher = useFetcher<JoinActionData>({ key: `join-${event.id}` });
  const verifyFetcher = useFetcher<JoinActionData>({ key: verifyFetcherKey(event.id) });
  const [formOpenHere, setFormOpenHere] = useState(false);
  const [attempt, setAttempt] = useState(initialAttempt);
  const [paymentError, setPaymentError] = useState<{ reason: string | null } | null>(null);
  const [inCheckout, setInCheckout] = useState(false);
  const fromUrl = new URLSearchParams(location.search).get('join') === '1';
  const formOpen = formOpenHere || (fromUrl && !inCheckout && paymentError === null);
  const label = joinLabel(event);
  useEffect(() => {
    if (formOpen) recordFunnel('apply_opened', { eventId: event.id });
  }, [formOpen, event.id]);

  const closeForm = useCallback(() => {
    setFormOpenHere(false);
    if (new URLSearchParams(location.search).get('join') === '1') {
      navigate(location.pathname, { replace: true, preventScrollReset: true });
    }
  }, [location.pathname, location.search, navigate]);

  // A new attempt after one that ended without a payment: the next order is a new one.
  const endAttempt = useCallback(() => {
    setInCheckout(false);
    setAttempt(newTempBidId());
  }, []);

  const startCheckout = useCallback(
    (checkout: BrowserCheckout) => {
      setInCheckout(true);
      loadCheckoutScript(checkout.scriptUrl).then(
        (Checkout) =>
          openCheckout(Checkout, checkout.options, {
            onSuccess: (proof) => void verifyFetcher.submit({ intent: 'verify', ...proof }, { method: 'post' }),
            onDismiss: () => {
              endAttempt();
              toast.show({ kind: 'info', message: Messages.payments.cancelled });
            },
            onFailure: (reason) => {
              endAttempt();
              setPaymentError({ reason: reason ?? Messages.payments.processingFailed });
            },
          }),
        () => {
          endAttempt();
          toast.show({ kind: 'error', message: Messages.payments.gatewayFailed });
        },
      );
    },
    [endAttempt, toast, verifyFetcher],
  );

  // The order came back: close the form and open the checkout. A refusal for the dialog opens it instead.
  const handledApply = useRef<JoinActionData | null>(null);
  useEffect(() => {
    const result = applyFetcher.data;
    if (!result || result.intent !== 'apply' || handledApply.current === result) return;
    handledApply.current = result;
    if (result.ok) {
      closeForm();
      startCheckout(result.checkout);
    } else if (result.paymentError) {
      closeForm();
      endAttempt();
      setPaymentError({ reason: result.paymentError });
    }
  }, [applyFetcher.data, closeForm, endAttempt, startCheckout]);

  // A refused proof: the Payment Error dialog, and the next try is a new attempt (usePaymentReceived says when it was paid).
  const handledVerify = useRef<JoinActionData | null>(null);
  useEffect(() => {
    const result = verifyFetcher.data;
    if (!result || result.intent !== 'verify' || handledVerify.current === result) return;
    handledVerify.current = result;
    setInCheckout(false);
    if (result.ok) return;
    setAttempt(newTempBidId());
    setPaymentError({ reason: result.paymentError });
  }, [verifyFetcher.data]);

  const verifying = verifyFetcher.state !== 'idle';
  const result = applyFetcher.data ?? pageResult;
  const refusal = result?.intent === 'apply' && !result.ok ? result : null;
  const needsJavaScript = pageResult?.intent === 'apply' && pageResult.ok;

  return (
    <div className="mt-4" data-testid="join-panel">
      {needsJavaScript ? <Alert className="mb-3">Paying for an event needs JavaScript. Turn it on and try again.</Alert> : null}
      <Link
        to={`${location.pathname}?join=1`}
        preventScrollReset
        onClick={(click) => {
          click.preventDefault();
          setFormOpenHere(true);
        }}
        aria-disabled={inCheckout || verifying || undefined}
        className={buttonClasses('primary', 'lg', true, inCheckout || verifying ? 'pointer-events-none opacity-55' : undefined)}
        data-testid="join-button"
      >
        {verifying ? 'Processing...' : label}
      </Link>

      <Sheet
        open={formOpen}
        onClose={closeForm}
        title={terms.kind === 'bid' ? 'Place your bid' : `Apply to join`}
        description={<bdi>{event.title}</bdi>}
      >
        <JoinForm
          fetcher={applyFetcher}
          terms={terms}
          attempt={attempt}
          fieldErrors={refusal?.fieldErrors ?? {}}
          formError={refusal?.formError ?? null}
        />
      </Sheet>

      <PaymentErrorDialog
        open={paymentError !== null}
        reason={paymentError?.reason ?? null}
        onCancel={() => setPaymentError(null)}
        onRetry={() => {
          setPaymentError(null);
          setAttempt(newTempBidId());
          setFormOpenHere(true);
        }}
      />
    </div>
  );
}

function JoinForm({
  fetcher,
  terms,
  attempt,
  fieldErrors,
  formError,
}: {
  fetcher: ReturnType<typeof useFetcher<JoinActionData>>;
  terms: Exclude<JoinTerms, { kind: 'needs_gender' }>;
  attempt: string;
  fieldErrors: { amount?: string; message?: string };
  formError: string | null;
}) {
  const [amount, setAmount] = useState(String(suggestedAmount(terms)));
  const [message, setMessage] = useState('');
  // Busy until the action answers (the page's data is read again after it, without holding the form up).
  const busy = fetcher.state === 'submitting';
  const formRef = useFocusFirstError(fetcher.data, Boolean(formError || fieldErrors.amount || fieldErrors.message));
  const checked = checkAmount(terms, amount);
  const submitLabel = !needsPayment(terms, checked.ok ? checked.amount : 1)
    ? 'Send application'
    : checked.ok
      ? `Pay ${formatRupees(checked.amount)}`
      : 'Continue to payment';

  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="space-y-4 text-left">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="tempBidId" value={attempt} />
      {formError ? <Alert>{formError}</Alert> : null}
      {terms.kind === 'fixed' ? (
        <TextField
          label="Amount (₹)"
          name="amount"
          value={String(terms.amount)}
          readOnly
          inputMode="numeric"
          hint={`The price of this event: ${formatRupees(terms.amount)}`}
          error={fieldErrors.amount}
        />
      ) : null}
      {terms.kind === 'bid' ? (
        <TextField
          label="Your bid (₹)"
          name="amount"
          type="number"
          inputMode="numeric"
          min={terms.minimum}
          step={1}
          required
          value={amount}
          onChange={(change) => setAmount(change.target.value)}
          hint={`Minimum bid: ${formatRupees(terms.minimum)}`}
          error={fieldErrors.amount}
          data-autofocus
        />
      ) : null}
      <div>
        <TextAreaField
          label="Message to the host (optional)"
          name="message"
          rows={3}
          maxLength={APPLICATION_MESSAGE_MAX}
          value={message}
          onChange={(change) => setMessage(change.target.value)}
          error={fieldErrors.message}
          placeholder="Say hello, and why you'd like to join"
        />
        <p className="mt-1 text-right text-xs text-slate-500">
          {message.length}/{APPLICATION_MESSAGE_MAX}
        </p>
      </div>
      <Button type="submit" size="lg" fullWidth loading={busy} data-autofocus={terms.kind === 'bid' ? undefined : true}>
        {busy ? 'Processing...' : submitLabel}
      </Button>
    </fetcher.Form>
  );
}
