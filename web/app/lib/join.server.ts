import { data, redirect } from '@remix-run/node';
import { api } from './api.server';
import type { CurrentAuth } from './auth.server';
import { loadEvent } from './event-detail.server';
import type { WriteResult } from './event-writes.server';
import { canManageEvent } from './format-event';
import {
  APPLICATION_MESSAGE_MAX,
  APPLICATION_SENT,
  isTempBidId,
  MESSAGE_TOO_LONG,
  type JoinActionData,
  type JoinFieldErrors,
  type JoinState,
} from './join-form';
import { applyWithoutPayment, checkoutForBrowser, createPreAuthorization, verifyPayment } from './payments.server';
import { checkAmount, joinTerms, needsPayment, newTempBidId } from './pricing';
import { flashToast } from './session.server';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { readValidationMessage } from '../../../api/src/contracts/validation-message.js';
import type { ApplicationView } from '../../../api/src/contracts/applications.contract.js';
import type { TransactionView } from '../../../api/src/contracts/payments.contract.js';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';

/**
 * The fan's standing on an event: their newest application to it, or a verified payment whose
 * application a worker is still creating. Null when neither can be read (the join button shows,
 * and the API refuses a second application with its own message).
 */
export async function loadJoinState(token: string, eventId: string): Promise<JoinState | null> {
  const [applications, transactions] = await Promise.all([
    api<ApplicationView[]>('/applications/mine', { token }).catch(() => null),
    api<TransactionView[]>('/payments/transactions', { token }).catch(() => null),
  ]);
  if (!applications && !transactions) return null;
  const application = applications?.find((item) => item.eventId === eventId) ?? null;
  // "created" is an order nobody paid (the checkout was closed); a failed one is no standing either.
  const processing = Boolean(
    transactions?.some((item) => item.eventId === eventId && item.status === 'pending' && !item.applicationId && item.state !== 'created'),
  );
  return {
    application: application
      ? { id: application.id, status: application.status, bidAmount: application.bidAmount, createdAt: application.createdAt }
      : null,
    processing: !application && processing,
  };
}

/** API refusals that are about the amount the fan typed. */
const AMOUNT_CODES = new Set<string>([ErrorCodes.payments.bidTooLow, ErrorCodes.payments.wrongAmount]);

/** API refusals the form shows above its fields (nothing to pay for, nothing to retry). */
const FORM_CODES = new Set<string>([
  ErrorCodes.payments.genderNeeded,
  ErrorCodes.payments.ownEvent,
  ErrorCodes.payments.eventNotOpen,
  ErrorCodes.payments.eventFull,
  ErrorCodes.payments.alreadyApplied,
  ErrorCodes.payments.paymentNeeded,
  ErrorCodes.payments.nothingToPay,
  ErrorCodes.payments.orderInProgress,
]);

const refused = (body: Omit<Extract<JoinActionData, { intent: 'apply'; ok: false }>, 'intent' | 'ok'>, status: number) =>
  data<JoinActionData>({ intent: 'apply', ok: false, ...body }, { status });

/** Where an API refusal of an application or an order is shown: on a field, above the form, or in the Payment Error dialog. */
function refusalOf(result: Extract<WriteResult<unknown>, { ok: false }>) {
  const field = result.code === ErrorCodes.generic.validation ? readValidationMessage(result.error)?.field : null;
  if ((result.code && AMOUNT_CODES.has(result.code)) || field === 'amount') {
    return refused({ fieldErrors: { amount: result.error }, formError: null, paymentError: null }, result.status);
  }
  if (field === 'message')
    return refused({ fieldErrors: { message: MESSAGE_TOO_LONG }, formError: null, paymentError: null }, result.status);
  if (result.code && FORM_CODES.has(result.code)) {
    return refused({ fieldErrors: {}, formError: result.error, paymentError: null }, result.status);
  }
  // Anything else (the provider failed, the API is away): the Payment Error dialog, with the reason when it is a refusal.
  const reason =
    result.status === 503 ? Messages.payments.network : result.status < 500 && result.error ? result.error : Messages.payments.orderFailed;
  return refused({ fieldErrors: {}, formError: null, paymentError: reason }, result.status);
}

/**
 * The event page's join intents. `apply`: a free event's application (POST /events/{id}/bid, then
 * back to the page with a toast), or the pre-authorisation of a priced one, whose checkout the
 * browser then opens. `verify`: the checkout's proof of payment, checked by the API.
 */
export async function joinAction(request: Request, auth: CurrentAuth, eventId: string, form: FormData) {
  if (form.get('intent') === 'verify') return verify(auth.token, form);

  const { event } = await loadEvent(eventId, auth.token);
  const message = String(form.get('message') ?? '').trim();
  if (canManageEvent(event, auth.user)) return refused({ fieldErrors: {}, formError: Messages.payments.ownEvent, paymentError: null }, 400);
  const terms = joinTerms(event, auth.user.gender);
  if (terms.kind === 'needs_gender') {
    return refused({ fieldErrors: {}, formError: Messages.payments.genderNeeded, paymentError: null }, 400);
  }
  const fieldErrors: JoinFieldErrors = {};
  if (message.length > APPLICATION_MESSAGE_MAX) fieldErrors.message = MESSAGE_TOO_LONG;
  const amount = checkAmount(terms, form.get('amount'));
  if (!amount.ok) fieldErrors.amount = amount.error;
  if (!amount.ok || fieldErrors.message) return refused({ fieldErrors, formError: null, paymentError: null }, 400);

  // Nothing to pay: a free event, or a bid of ₹0 where there is no minimum.
  if (!needsPayment(terms, amount.amount)) return applyForFree(request, auth.token, event, message);

  const tempBidId = form.get('tempBidId');
  const result = await createPreAuthorization(auth.token, {
    tempBidId: isTempBidId(tempBidId) ? tempBidId : newTempBidId(),
    eventId: event.id,
    amount: amount.amount,
    message: message || null,
  });
  if (!result.ok) return refusalOf(result);
  return data<JoinActionData>({ intent: 'apply', ok: true, checkout: checkoutForBrowser(result.value) });
}

async function applyForFree(request: Request, token: string, event: EventView, message: string) {
  const result = await applyWithoutPayment(token, event.id, { amount: 0, message: message || null });
  if (!result.ok) return refusalOf(result);
  return redirect(`/event/${event.id}`, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: APPLICATION_SENT }) },
  });
}

async function verify(token: string, form: FormData) {
  const proof = {
    orderId: String(form.get('orderId') ?? '').trim(),
    paymentId: String(form.get('paymentId') ?? '').trim(),
    signature: String(form.get('signature') ?? '').trim(),
  };
  // All three are needed (SPEC §5).
  if (!proof.orderId || !proof.paymentId || !proof.signature) {
    return data<JoinActionData>({ intent: 'verify', ok: false, paymentError: Messages.payments.verificationFailed }, { status: 400 });
  }
  const result = await verifyPayment(token, proof);
  if (!result.ok) {
    const reason = result.status === 503 ? Messages.payments.network : Messages.payments.verificationFailed;
    return data<JoinActionData>({ intent: 'verify', ok: false, paymentError: reason }, { status: result.status });
  }
  return data<JoinActionData>({ intent: 'verify', ok: true });
}
