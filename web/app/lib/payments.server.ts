import { api } from './api.server';
import type { WriteResult } from './event-writes.server';
import { readSayingRefusals, writeForPage as write, type PageRead } from './page-reads.server';
import type { ApplicationView } from '../../../api/src/contracts/applications.contract.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import type {
  PreAuthorizationView,
  RefundInput,
  ReturnedOutsideInput,
  TransactionView,
} from '../../../api/src/contracts/payments.contract.js';

const transactionPath = (id: string) => `/payments/transactions/${encodeURIComponent(id)}`;

/** GET /payments/transactions/{id}: a payment with its refunds (its payer's, or any for an admin). */
export function loadTransaction(token: string, id: string): Promise<PageRead<TransactionView>> {
  return readSayingRefusals(() => api<TransactionView>(transactionPath(id), { token }), Messages.payments.transactionFailed);
}

/** POST /payments/refund (admins, and the event's host): part or all of a captured payment, sent back by the provider. */
export function refundPayment(token: string, body: RefundInput): Promise<WriteResult<{ ok: true; refundId: string }>> {
  return write(() => api<{ ok: true; refundId: string }>('/payments/refund', { method: 'POST', token, body }));
}

/** POST /payments/transactions/{id}/returned-outside (admins): money returned outside Tribe, recorded as a refund. */
export function recordReturnedOutside(
  token: string,
  transactionId: string,
  body: ReturnedOutsideInput,
): Promise<WriteResult<{ ok: true; refundId: string }>> {
  return write(() =>
    api<{ ok: true; refundId: string }>(`${transactionPath(transactionId)}/returned-outside`, { method: 'POST', token, body }),
  );
}

/**
 * POST /payments/pre-authorization: the order the fan pays in the checkout. `tempBidId` is made once
 * per join attempt; sending the same one again (a double submit) answers with the same order.
 */
export function createPreAuthorization(
  token: string,
  body: { tempBidId: string; eventId: string; amount: number; message: string | null },
): Promise<WriteResult<PreAuthorizationView>> {
  return write(() =>
    api<PreAuthorizationView>('/payments/pre-authorization', {
      method: 'POST',
      token,
      body: { tempBidId: body.tempBidId, eventId: body.eventId, amount: body.amount, ...(body.message ? { message: body.message } : {}) },
    }),
  );
}

/** POST /payments/verify: the checkout's proof of payment. The transaction stays pending until a worker creates the application. */
export function verifyPayment(token: string, proof: { orderId: string; paymentId: string; signature: string }) {
  return write(() => api<TransactionView>('/payments/verify', { method: 'POST', token, body: proof }));
}

/** POST /events/{id}/bid: an application to an event with nothing to pay. */
export function applyWithoutPayment(token: string, eventId: string, body: { amount: number; message: string | null }) {
  return write(() =>
    api<ApplicationView>(`/events/${encodeURIComponent(eventId)}/bid`, {
      method: 'POST',
      token,
      body: { amount: body.amount, ...(body.message ? { message: body.message } : {}) },
    }),
  );
}

/** The parts of the pre-authorisation the browser needs to open the checkout (never the API token). */
export function checkoutForBrowser(view: PreAuthorizationView) {
  return { transactionId: view.id, orderId: view.orderId, scriptUrl: view.checkout.scriptUrl, options: view.checkout.options };
}
