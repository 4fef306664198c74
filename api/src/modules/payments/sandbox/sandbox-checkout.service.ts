import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '../../../contracts/messages.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { ConflictError, NotFoundError } from '../../../platform/http/domain-error.js';
import { paymentSignature } from './sandbox-signatures.js';
import { SandboxWebhookSender } from './sandbox-webhook-sender.js';
import { SandboxStore, type SandboxOrder } from './sandbox.store.js';

export type CheckoutOutcomeChoice = 'success' | 'insufficient_funds';

/** What Razorpay Checkout hands the page's handler when a payment is authorised. */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export type CheckoutResult = { outcome: 'authorized'; response: CheckoutSuccess } | { outcome: 'declined'; paymentId: string };

/** A payment as the sandbox sees it (amounts in rupees), for tests and scripts. */
export interface SandboxPaymentView {
  id: string;
  orderId: string;
  status: string;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  /** Capture calls that moved money: never more than 1. */
  captureCount: number;
  /** Authorised, then given up without a capture. */
  released: boolean;
  error: { reason: string; description: string } | null;
  refunds: Array<{ id: string; amount: number; status: string }>;
}

export const ORDER_ALREADY_PAID = 'This order is already paid.';

const toRupees = (paise: number) => paise / 100;

/** The fan's side of the sandbox: paying (or failing to pay) an order in its checkout. */
@Injectable()
export class SandboxCheckout {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SandboxStore,
    private readonly webhooks: SandboxWebhookSender,
  ) {}

  async order(orderId: string): Promise<SandboxOrder | undefined> {
    return this.store.findOrder(orderId);
  }

  /** Authorises the order's payment (signed as Razorpay Checkout signs it) or declines it; the webhook follows either way. */
  async pay(orderId: string, choice: CheckoutOutcomeChoice): Promise<CheckoutResult> {
    const outcome =
      choice === 'success'
        ? ({ status: 'authorized' } as const)
        : ({ status: 'failed', error: { reason: 'insufficient_funds', description: Messages.payments.insufficientFunds } } as const);
    const result = await this.store.pay(orderId, outcome);
    if (result.kind === 'unknown_order') throw new NotFoundError(Messages.generic.notFound);
    if (result.kind === 'already_paid') throw new ConflictError(ORDER_ALREADY_PAID);
    const { payment } = result;
    if (payment.status !== 'authorized') {
      this.webhooks.send({ event: 'payment.failed', payment });
      return { outcome: 'declined', paymentId: payment.id };
    }
    this.webhooks.send({ event: 'payment.authorized', payment });
    return {
      outcome: 'authorized',
      response: {
        razorpay_payment_id: payment.id,
        razorpay_order_id: orderId,
        razorpay_signature: paymentSignature(this.config.SANDBOX_KEY_SECRET, orderId, payment.id),
      },
    };
  }

  async payment(paymentId: string): Promise<SandboxPaymentView> {
    const payment = await this.store.findPayment(paymentId);
    if (!payment) throw new NotFoundError(Messages.generic.notFound);
    const refunds = await this.store.refundsOf(paymentId);
    return {
      id: payment.id,
      orderId: payment.orderId,
      status: payment.status,
      amount: toRupees(payment.amount),
      capturedAmount: payment.capturedAt ? toRupees(payment.amount) : 0,
      refundedAmount: toRupees(payment.refunded),
      captureCount: payment.captureCount,
      released: payment.releasedAt !== null,
      error: payment.error,
      refunds: refunds.map((refund) => ({ id: refund.id, amount: toRupees(refund.amount), status: refund.status })),
    };
  }
}
