/**
 * The payment provider (Razorpay in production, the local sandbox elsewhere). Amounts cross this
 * port in whole rupees; an adapter converts to the provider's units (paise) and back. Every method
 * that moves money is idempotent: calling it again for the same payment (or refund key) changes
 * nothing more and answers as the first call did.
 */
export abstract class PaymentProvider {
  /** "sandbox" or "razorpay": recorded on each transaction. */
  abstract readonly name: PaymentProviderName;

  /** An order the fan pays in the checkout, authorised only: we capture it when the host accepts. */
  abstract createOrder(order: NewOrder): Promise<ProviderOrder>;

  /** What the browser needs to open the provider's checkout for this order. */
  abstract checkoutFor(order: ProviderOrder, buyer: CheckoutBuyer): CheckoutOptions;

  /** The checkout's proof that the fan paid this order: HMAC-SHA256 of `order_id|payment_id`. */
  abstract verifyPaymentSignature(proof: PaymentProof): boolean;

  /** A webhook is ours only when its signature (over the raw body) verifies. */
  abstract verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;

  /** A verified webhook body, read as the provider event it carries (`undefined`: not one we act on). */
  abstract parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): ProviderWebhookEvent | undefined;

  /** Takes the authorised amount. Capturing a payment already captured succeeds again. */
  abstract capture(paymentId: string, amount: number): Promise<void>;

  /**
   * Gives up an uncaptured authorisation. Razorpay has no void: the authorisation lapses and the
   * provider returns the money itself, so its adapter only checks that the payment was never captured.
   */
  abstract release(paymentId: string): Promise<void>;

  /** Returns part or all of a captured payment. The same key again returns the same refund. */
  abstract refund(paymentId: string, amount: number, idempotencyKey: string): Promise<ProviderRefund>;

  /** A refund the provider made, as it stands now (processed, still pending, or failed); it moves no money. */
  abstract refundStatus(paymentId: string, refundId: string): Promise<ProviderRefundState>;

  /** The payment as the provider sees it now (the reconciliation of a crash between call and commit). */
  abstract paymentStatus(paymentId: string): Promise<ProviderPaymentStatus>;
}

export type PaymentProviderName = 'sandbox' | 'razorpay';

/** Provider calls (captures, releases, refunds) one workers process makes at once: the payments queue's concurrency. */
export const PROVIDER_CALLS_AT_ONCE = 16;

export interface NewOrder {
  /** Whole rupees. */
  amount: number;
  /** Our transaction id: the provider's receipt, at most 40 characters. */
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderOrder {
  orderId: string;
  /** Whole rupees. */
  amount: number;
}

export interface CheckoutBuyer {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** Razorpay Checkout's options (amount in paise there), and the script that defines `window.Razorpay`. */
export interface CheckoutOptions {
  scriptUrl: string;
  options: {
    key: string;
    order_id: string;
    amount: number;
    currency: 'INR';
    name: string;
    description: string;
    prefill: { name?: string; email?: string; contact?: string };
    theme: { color: string };
  };
}

export interface PaymentProof {
  orderId: string;
  paymentId: string;
  signature: string;
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export type ProviderWebhookEvent =
  | { id: string; type: 'payment.authorized' | 'payment.captured'; orderId: string; paymentId: string; amount: number }
  | { id: string; type: 'payment.failed'; orderId: string; paymentId: string; amount: number; reason: string }
  | {
      id: string;
      type: 'refund.processed' | 'refund.failed';
      paymentId: string;
      refundId: string;
      amount: number;
      /** The refund's receipt: the key we asked for it with (our refund's id), or null for one we did not ask for. */
      receipt: string | null;
    };

export interface ProviderRefund {
  refundId: string;
  /** Whole rupees. */
  amount: number;
  status: 'pending' | 'processed';
}

/** A refund as the provider reports it when asked; only this says a refund the provider accepted failed. */
export interface ProviderRefundState extends Omit<ProviderRefund, 'status'> {
  status: ProviderRefund['status'] | 'failed';
}

/**
 * A provider call that did not succeed. `retryable`: a network failure, a timeout or a 5xx, worth
 * trying again; otherwise the provider refused (a decline, an invalid request) and retrying will not help.
 * `message` is one of the spec's payment messages (contracts/messages.ts, Messages.payments).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'declined' | 'insufficient_funds' | 'invalid' | 'server',
    readonly retryable: boolean,
    readonly detail?: string,
  ) {
    super(message);
  }
}
