import { createHash } from 'node:crypto';
import Razorpay from 'razorpay';
import { type z } from 'zod';
import { Messages } from '../../../contracts/messages.js';
import { checkMobileNumber } from '../../../contracts/mobile-number.js';
import {
  type CheckoutBuyer,
  type CheckoutOptions,
  type NewOrder,
  PaymentProvider,
  PaymentProviderError,
  type PaymentProof,
  type ProviderOrder,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type ProviderRefundState,
  type ProviderWebhookEvent,
} from '../payment-provider.port.js';
import { isHmacSha256Hex } from './hmac.js';
import { isWholeRupees, paiseToRupees, rupeesToPaise } from './paise.js';
import {
  type RazorpayPayment,
  type RazorpayRefund,
  razorpayOrder,
  razorpayPayment,
  razorpayRefund,
  razorpayRefundPage,
  razorpayWebhook,
} from './razorpay-entities.js';
import { RazorpayTimeout, refused, toPaymentProviderError, withMessage } from './razorpay-errors.js';
import { configureSdkHttpClient } from './sdk-http-client.js';

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Bound on each call to Razorpay; past it the call counts as a network failure. */
  timeoutMs: number;
  /** The product name the checkout shows. */
  displayName: string;
  themeColor: string;
}

const CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const CHECKOUT_DESCRIPTION = 'Event application';
const CURRENCY = 'INR';
const MAX_RECEIPT_LENGTH = 40;
const MAX_NOTE_LENGTH = 256;
/** The most refunds Razorpay lists in one page. */
const REFUND_PAGE_SIZE = 100;
/** Razorpay's rule for an X-Refund-Idempotency key (10 or more letters, digits, - and _), within a receipt's 40 characters. */
const USABLE_REFUND_KEY = /^[A-Za-z0-9_-]{10,40}$/;

type OrderRequest = Parameters<Razorpay['orders']['create']>[0];

/**
 * The payment provider on Razorpay's Orders, Payments and Refunds APIs (https://razorpay.com/docs/api/),
 * through the official SDK. Rupees at the port, paise at Razorpay. Every call is bounded by
 * `timeoutMs`, and every failure is a PaymentProviderError carrying one of the spec's messages.
 */
export class RazorpayPaymentProvider extends PaymentProvider {
  override readonly name = 'razorpay';
  private readonly razorpay: Razorpay;

  constructor(private readonly settings: RazorpaySettings) {
    super();
    this.razorpay = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    configureSdkHttpClient(this.razorpay, settings.timeoutMs);
  }

  /** `payment_capture: 0`: Razorpay leaves the payment authorised until we capture it (or it lapses). */
  override async createOrder(order: NewOrder): Promise<ProviderOrder> {
    try {
      const request: OrderRequest & { payment_capture: 0 } = {
        amount: paiseFor(order.amount),
        currency: CURRENCY,
        receipt: usableReceipt(order.receipt),
        notes: order.notes,
        payment_capture: 0,
      };
      const created = read(razorpayOrder, await this.call(() => this.razorpay.orders.create(request)), 'order');
      return { orderId: created.id, amount: rupeesFor(created.amount) };
    } catch (error) {
      throw withMessage(toPaymentProviderError(error), Messages.payments.orderFailed);
    }
  }

  override checkoutFor(order: ProviderOrder, buyer: CheckoutBuyer): CheckoutOptions {
    return {
      scriptUrl: CHECKOUT_SCRIPT_URL,
      options: {
        key: this.settings.keyId,
        order_id: order.orderId,
        amount: rupeesToPaise(order.amount),
        currency: CURRENCY,
        name: this.settings.displayName,
        description: CHECKOUT_DESCRIPTION,
        prefill: prefillFor(buyer),
        theme: { color: this.settings.themeColor },
      },
    };
  }

  override verifyPaymentSignature(proof: PaymentProof): boolean {
    const orderId: unknown = proof?.orderId;
    const paymentId: unknown = proof?.paymentId;
    if (!isFilled(orderId) || !isFilled(paymentId)) return false;
    return isHmacSha256Hex(`${orderId}|${paymentId}`, proof.signature, this.settings.keySecret);
  }

  override verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    if (!Buffer.isBuffer(rawBody)) return false;
    return isHmacSha256Hex(rawBody, signature, this.settings.webhookSecret);
  }

  override parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): ProviderWebhookEvent | undefined {
    const webhook = razorpayWebhook.safeParse(jsonOf(rawBody));
    if (!webhook.success) return undefined;
    const { event, payload } = webhook.data;
    const id = eventIdOf(headers, rawBody);
    switch (event) {
      case 'payment.authorized':
      case 'payment.captured':
      case 'payment.failed':
        return paymentEvent(id, event, payload.payment?.entity);
      case 'refund.processed':
      case 'refund.failed':
        return refundEvent(id, event, payload.refund?.entity);
      default:
        return undefined;
    }
  }

  /**
   * A capture that fails as a refused request (Razorpay answers "This payment has already been
   * captured" with a 400, like any other refusal) is checked against the payment itself: one already
   * captured for this amount is the capture we wanted, made by an earlier call whose answer was lost.
   */
  override async capture(paymentId: string, amount: number): Promise<void> {
    const paise = paiseFor(amount);
    requirePaymentId(paymentId);
    try {
      await this.call(() => this.razorpay.payments.capture(paymentId, paise, CURRENCY));
    } catch (error) {
      if (!(error instanceof PaymentProviderError && error.kind === 'invalid')) throw error;
      const payment = await this.fetchPayment(paymentId);
      if (payment.captured && payment.amount === paise) return;
      throw error;
    }
  }

  /**
   * Razorpay has no void: an authorisation nobody captures lapses (after 3 to 5 days, by its docs) and Razorpay
   * returns the money to the fan itself, as an automatic refund. So releasing moves no money: it only
   * checks that the payment was never captured. Authorised, failed, refunded or never completed: there
   * is nothing to release. Captured: the money is ours and only a refund can return it, so release
   * refuses (not retryable) rather than leave the fan charged.
   */
  override async release(paymentId: string): Promise<void> {
    const payment = await this.fetchPayment(paymentId);
    if (payment.status === 'captured') {
      throw refused(`payment ${paymentId} is captured: a captured payment must be refunded, not released`);
    }
  }

  /**
   * Idempotent twice over. The key becomes the refund's receipt and its X-Refund-Idempotency header, so
   * Razorpay returns the first refund to a repeat, even one racing the first; and the payment's refunds
   * are searched for that receipt before any new request, so a repeat after the first succeeded (its
   * answer lost, or Razorpay's key since forgotten) creates nothing either.
   */
  override async refund(paymentId: string, amount: number, idempotencyKey: string): Promise<ProviderRefund> {
    const paise = paiseFor(amount);
    requirePaymentId(paymentId);
    if (!isFilled(idempotencyKey)) throw refused('a refund needs an idempotency key');
    const receipt = refundReceiptFor(idempotencyKey);
    const notes = { idempotency_key: idempotencyKey.slice(0, MAX_NOTE_LENGTH) };
    const refund = (await this.findRefund(paymentId, receipt)) ?? (await this.createRefund(paymentId, { amount: paise, receipt, notes }));
    return providerRefundOf(refund, paise);
  }

  override async refundStatus(paymentId: string, refundId: string): Promise<ProviderRefundState> {
    requirePaymentId(paymentId);
    if (!isFilled(refundId)) throw refused('a refund id is needed');
    const refund = read(razorpayRefund, await this.call(() => this.razorpay.payments.fetchRefund(paymentId, refundId)), 'refund');
    return { refundId: refund.id, amount: rupeesFor(refund.amount), status: refund.status };
  }

  override async paymentStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    return (await this.fetchPayment(paymentId)).status;
  }

  private async fetchPayment(paymentId: string): Promise<RazorpayPayment> {
    requirePaymentId(paymentId);
    return read(razorpayPayment, await this.call(() => this.razorpay.payments.fetch(paymentId)), 'payment');
  }

  private async findRefund(paymentId: string, receipt: string): Promise<RazorpayRefund | undefined> {
    for (let skip = 0; ; skip += REFUND_PAGE_SIZE) {
      const answer = await this.call(() => this.razorpay.payments.fetchMultipleRefund(paymentId, { count: REFUND_PAGE_SIZE, skip }));
      const page = read(razorpayRefundPage, answer, 'refund list');
      const refund = page.items.find((item) => item.receipt === receipt);
      if (refund || page.items.length < REFUND_PAGE_SIZE) return refund;
    }
  }

  private async createRefund(
    paymentId: string,
    request: { amount: number; receipt: string; notes: Record<string, string> },
  ): Promise<RazorpayRefund> {
    const answer = await this.call(() => this.razorpay.payments.refund(paymentId, { ...request, speed: 'normal' }));
    return read(razorpayRefund, answer, 'refund');
  }

  /** One SDK call, bounded by `timeoutMs`, its failure told as a PaymentProviderError. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await withinTimeout(request(), this.settings.timeoutMs);
    } catch (error) {
      throw toPaymentProviderError(error);
    }
  }
}

function withinTimeout<T>(call: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RazorpayTimeout(timeoutMs)), timeoutMs);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

function paiseFor(rupees: number): number {
  if (!isWholeRupees(rupees)) throw refused(`₹${rupees} is not a positive whole number of rupees`);
  return rupeesToPaise(rupees);
}

function rupeesFor(paise: number): number {
  const rupees = paiseToRupees(paise);
  if (rupees === undefined) throw refused(`Razorpay answered ${paise} paise, not a whole number of rupees`);
  return rupees;
}

/** The SDK throws a plain Error for an empty id, which would otherwise pass for a network failure. */
function requirePaymentId(paymentId: string): void {
  if (!isFilled(paymentId)) throw refused('a payment id is needed');
}

function usableReceipt(receipt: string): string {
  if (!isFilled(receipt) || receipt.length > MAX_RECEIPT_LENGTH) {
    throw refused(`an order receipt must have 1 to ${MAX_RECEIPT_LENGTH} characters`);
  }
  return receipt;
}

/** The key itself when Razorpay accepts it as an idempotency key; otherwise a fixed digest of it that it accepts. */
function refundReceiptFor(idempotencyKey: string): string {
  if (USABLE_REFUND_KEY.test(idempotencyKey)) return idempotencyKey;
  return `key_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 36)}`;
}

function providerRefundOf(refund: RazorpayRefund, expectedPaise: number): ProviderRefund {
  if (refund.amount !== expectedPaise) {
    throw refused(`refund ${refund.id} under this key is of ${refund.amount} paise, not the ${expectedPaise} asked now`);
  }
  if (refund.status === 'failed') {
    throw new PaymentProviderError(Messages.payments.refundFailed, 'declined', false, `Razorpay could not process refund ${refund.id}`);
  }
  return { refundId: refund.id, amount: rupeesFor(refund.amount), status: refund.status };
}

/** Name, email and an Indian mobile number (+91…) when known; a number we cannot read is left for the fan to type. */
function prefillFor(buyer: CheckoutBuyer): CheckoutOptions['options']['prefill'] {
  const prefill: CheckoutOptions['options']['prefill'] = {};
  if (isFilled(buyer.name)) prefill.name = buyer.name;
  if (isFilled(buyer.email)) prefill.email = buyer.email;
  const mobile = checkMobileNumber(buyer.phone);
  if (mobile.ok) prefill.contact = mobile.e164;
  return prefill;
}

function paymentEvent(
  id: string,
  type: 'payment.authorized' | 'payment.captured' | 'payment.failed',
  entity: unknown,
): ProviderWebhookEvent | undefined {
  const payment = razorpayPayment.safeParse(entity);
  if (!payment.success || payment.data.order_id === null) return undefined;
  const amount = paiseToRupees(payment.data.amount);
  if (amount === undefined) return undefined;
  const common = { id, orderId: payment.data.order_id, paymentId: payment.data.id, amount };
  if (type === 'payment.failed') return { ...common, type, reason: failureReasonOf(payment.data) };
  return { ...common, type };
}

function refundEvent(id: string, type: 'refund.processed' | 'refund.failed', entity: unknown): ProviderWebhookEvent | undefined {
  const refund = razorpayRefund.safeParse(entity);
  if (!refund.success) return undefined;
  const amount = paiseToRupees(refund.data.amount);
  if (amount === undefined) return undefined;
  return { id, type, paymentId: refund.data.payment_id, refundId: refund.data.id, amount, receipt: refund.data.receipt ?? null };
}

function failureReasonOf(payment: RazorpayPayment): string {
  return [payment.error_description, payment.error_reason].find(isFilled) ?? 'payment failed';
}

/**
 * Razorpay names each event in the x-razorpay-event-id header, the same on every redelivery
 * (https://razorpay.com/docs/webhooks/best-practices). Without it, the body's digest is as stable.
 */
function eventIdOf(headers: Record<string, string | undefined>, rawBody: Buffer): string {
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-razorpay-event-id')?.[1];
  if (isFilled(header)) return header;
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

function jsonOf(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}

function read<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const result = schema.safeParse(answer);
  if (!result.success) throw refused(`unexpected ${what} from Razorpay: ${result.error.message}`);
  return result.data;
}

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
