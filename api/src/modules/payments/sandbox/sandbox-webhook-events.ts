import { type ProviderWebhookEvent } from '../payment-provider.port.js';
import { type SandboxPayment, type SandboxRefund } from './sandbox.store.js';

/** A change the sandbox tells the product about, as Razorpay would. */
export type SandboxWebhookEvent =
  | { event: 'payment.authorized' | 'payment.captured' | 'payment.failed'; payment: SandboxPayment }
  | { event: 'refund.processed' | 'refund.failed'; payment: SandboxPayment; refund: SandboxRefund };

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

function paymentEntity(payment: SandboxPayment) {
  const refundStatus = payment.refunded === 0 ? null : payment.refunded < payment.amount ? 'partial' : 'full';
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: payment.status,
    order_id: payment.orderId,
    method: 'card',
    captured: payment.capturedAt !== null,
    amount_refunded: payment.refunded,
    refund_status: refundStatus,
    error_code: payment.error ? 'BAD_REQUEST_ERROR' : null,
    error_description: payment.error?.description ?? null,
    error_reason: payment.error?.reason ?? null,
    created_at: unixSeconds(payment.createdAt),
  };
}

function refundEntity(refund: SandboxRefund, createdAt: Date) {
  return {
    id: refund.id,
    entity: 'refund',
    amount: refund.amount,
    currency: 'INR',
    payment_id: refund.paymentId,
    receipt: refund.receipt,
    status: refund.status,
    created_at: unixSeconds(createdAt),
  };
}

/** The body Razorpay posts for this event (amounts in paise). */
export function webhookBody(event: SandboxWebhookEvent, at: Date): Record<string, unknown> {
  const payment = { entity: paymentEntity(event.payment) };
  const payload = 'refund' in event ? { refund: { entity: refundEntity(event.refund, at) }, payment } : { payment };
  return {
    entity: 'event',
    account_id: 'acc_sandbox',
    event: event.event,
    contains: Object.keys(payload),
    payload,
    created_at: unixSeconds(at),
  };
}

interface EntityShape {
  id?: unknown;
  order_id?: unknown;
  payment_id?: unknown;
  amount?: unknown;
  receipt?: unknown;
  error_description?: unknown;
  error_reason?: unknown;
}

interface BodyShape {
  entity?: unknown;
  event?: unknown;
  payload?: { payment?: { entity?: EntityShape }; refund?: { entity?: EntityShape } };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const paise = (value: unknown): number | undefined =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

/**
 * Reads a Razorpay-shaped webhook body into the port's event (amounts in rupees). Anything else
 * (another event, a field missing or of the wrong type, no event id) is undefined: not one we act on.
 */
export function readWebhook(rawBody: Buffer, eventId: string | undefined): ProviderWebhookEvent | undefined {
  let body: BodyShape;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as BodyShape;
  } catch {
    return undefined;
  }
  const id = text(eventId);
  if (!id || typeof body !== 'object' || body === null || body.entity !== 'event') return undefined;
  const type = body.event;
  if (type === 'payment.authorized' || type === 'payment.captured' || type === 'payment.failed') {
    const payment = body.payload?.payment?.entity;
    const paymentId = text(payment?.id);
    const orderId = text(payment?.order_id);
    const amount = paise(payment?.amount);
    if (!paymentId || !orderId || amount === undefined) return undefined;
    if (type !== 'payment.failed') return { id, type, orderId, paymentId, amount: amount / 100 };
    const reason = text(payment?.error_description) ?? text(payment?.error_reason) ?? 'Payment failed';
    return { id, type, orderId, paymentId, amount: amount / 100, reason };
  }
  if (type === 'refund.processed' || type === 'refund.failed') {
    const refund = body.payload?.refund?.entity;
    const refundId = text(refund?.id);
    const paymentId = text(refund?.payment_id);
    const amount = paise(refund?.amount);
    if (!refundId || !paymentId || amount === undefined) return undefined;
    return { id, type, paymentId, refundId, amount: amount / 100, receipt: text(refund?.receipt) ?? null };
  }
  return undefined;
}
