import { api, ApiError, failureInit } from './api.server';
import type { WriteResult } from './event-writes.server';
import type { ApplicationView } from '../../../api/src/contracts/applications.contract.js';
import type { PreAuthorizationView, TransactionView } from '../../../api/src/contracts/payments.contract.js';

async function write<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: failureInit(error).status, error: error.message, code: error.code };
    throw error;
  }
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
