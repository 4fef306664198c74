import { Inject, Injectable } from '@nestjs/common';
import { Messages } from '../../../contracts/messages.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import {
  PaymentProvider,
  PaymentProviderError,
  type CheckoutBuyer,
  type CheckoutOptions,
  type NewOrder,
  type PaymentProof,
  type ProviderOrder,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type ProviderRefundState,
  type ProviderWebhookEvent,
} from '../payment-provider.port.js';
import { hmacHex, paymentSignature, signatureMatches } from './sandbox-signatures.js';
import { checkoutScriptUrl } from './sandbox-urls.js';
import { readWebhook } from './sandbox-webhook-events.js';
import { SandboxWebhookSender } from './sandbox-webhook-sender.js';
import { SandboxStore, type SandboxPayment, type SandboxRefund } from './sandbox.store.js';

export const SANDBOX_IN_PRODUCTION =
  'the sandbox takes no real money and cannot run with NODE_ENV=production: set PAYMENT_PROVIDER=razorpay with its keys';

const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

/** The provider refused: retrying the same call will not help. */
const refused = (message: string, detail: string) => new PaymentProviderError(message, 'invalid', false, detail);

function wholeRupees(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount < 1)
    throw refused(Messages.payments.processingFailed, `amount ${amount} is not whole rupees`);
  return toPaise(amount);
}

/**
 * The local stand-in for Razorpay (npm start and every test): the same port, signatures, checkout
 * options and webhooks, with orders and payments kept in the "sandbox" schema. A fan "pays" in the
 * sandbox's checkout page (or a script posts to its pay route); no money moves anywhere.
 */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly store: SandboxStore,
    private readonly webhooks: SandboxWebhookSender,
  ) {
    super();
    if (config.NODE_ENV === 'production') throw new Error(SANDBOX_IN_PRODUCTION);
  }

  async createOrder(order: NewOrder): Promise<ProviderOrder> {
    const amount = wholeRupees(order.amount);
    const created = await providerCall(() => this.store.createOrder({ amount, receipt: order.receipt, notes: order.notes }));
    return { orderId: created.id, amount: toRupees(created.amount) };
  }

  checkoutFor(order: ProviderOrder, buyer: CheckoutBuyer): CheckoutOptions {
    const prefill: CheckoutOptions['options']['prefill'] = {};
    if (buyer.name) prefill.name = buyer.name;
    if (buyer.email) prefill.email = buyer.email;
    if (buyer.phone) prefill.contact = buyer.phone;
    return {
      scriptUrl: checkoutScriptUrl(this.config.PUBLIC_API_URL),
      options: {
        key: this.config.SANDBOX_KEY_ID,
        order_id: order.orderId,
        amount: toPaise(order.amount),
        currency: 'INR',
        name: this.config.PAYMENT_DISPLAY_NAME,
        description: 'Authorised now, captured only when the host accepts',
        prefill,
        theme: { color: this.config.CHECKOUT_THEME_COLOR },
      },
    };
  }

  verifyPaymentSignature(proof: PaymentProof): boolean {
    if (typeof proof.orderId !== 'string' || typeof proof.paymentId !== 'string') return false;
    return signatureMatches(paymentSignature(this.config.SANDBOX_KEY_SECRET, proof.orderId, proof.paymentId), proof.signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    if (!Buffer.isBuffer(rawBody)) return false;
    return signatureMatches(hmacHex(this.config.SANDBOX_WEBHOOK_SECRET, rawBody), signature);
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): ProviderWebhookEvent | undefined {
    return readWebhook(rawBody, headers['x-razorpay-event-id']);
  }

  async capture(paymentId: string, amount: number): Promise<void> {
    const paise = wholeRupees(amount);
    const captured = await providerCall(() => this.store.capture(paymentId, paise));
    if (captured) {
      this.webhooks.send({ event: 'payment.captured', payment: captured });
      return;
    }
    const payment = await this.existingPayment(paymentId);
    if (payment.status === 'captured' && payment.amount === paise) return;
    const why =
      payment.status === 'authorized' ? `amount ${amount} is not the authorised ${toRupees(payment.amount)}` : `it is ${payment.status}`;
    throw refused(Messages.payments.processingFailed, `payment ${paymentId} cannot be captured: ${why}`);
  }

  async release(paymentId: string): Promise<void> {
    if (await providerCall(() => this.store.release(paymentId))) return;
    const payment = await this.existingPayment(paymentId);
    if (payment.releasedAt) return;
    throw refused(Messages.payments.processingFailed, `payment ${paymentId} cannot be released: it is ${payment.status}`);
  }

  async refund(paymentId: string, amount: number, idempotencyKey: string): Promise<ProviderRefund> {
    const paise = wholeRupees(amount);
    const status = this.config.SANDBOX_REFUNDS === 'at_once' ? 'processed' : 'pending';
    const result = await providerCall(() => this.store.refund(paymentId, paise, idempotencyKey, status));
    switch (result.kind) {
      case 'unknown_payment':
        throw refused(Messages.payments.transactionNotFound, `no payment ${paymentId}`);
      case 'not_captured':
        throw refused(Messages.payments.notCaptured, `payment ${paymentId} is ${result.payment?.status}`);
      case 'too_large':
        throw refused(Messages.payments.refundTooLarge, `payment ${paymentId} has ${toRupees(result.payment!.refunded)} refunded`);
      case 'created':
        if (result.refund.status === 'processed')
          this.webhooks.send({ event: 'refund.processed', payment: result.payment, refund: result.refund });
        break;
      case 'existing':
        break;
    }
    const { id: refundId, status: refundStatus } = result.refund;
    if (refundStatus === 'failed') {
      throw new PaymentProviderError(Messages.payments.refundFailed, 'declined', false, `the sandbox could not process refund ${refundId}`);
    }
    return { refundId, amount: toRupees(result.refund.amount), status: refundStatus };
  }

  /**
   * What the bank answers a refund still pending (SANDBOX_REFUNDS=later): processed or failed, told
   * to the product by the webhook Razorpay sends. Undefined when no pending refund has that id.
   */
  async settleRefund(refundId: string, outcome: 'processed' | 'failed'): Promise<SandboxRefund | undefined> {
    const settled = await this.store.settleRefund(refundId, outcome);
    if (!settled) return undefined;
    this.webhooks.send({ event: outcome === 'processed' ? 'refund.processed' : 'refund.failed', ...settled });
    return settled.refund;
  }

  async refundStatus(paymentId: string, refundId: string): Promise<ProviderRefundState> {
    const refund = await providerCall(() => this.store.findRefund(refundId));
    if (!refund || refund.paymentId !== paymentId)
      throw refused(Messages.payments.transactionNotFound, `no refund ${refundId} of payment ${paymentId}`);
    return { refundId: refund.id, amount: toRupees(refund.amount), status: refund.status };
  }

  async paymentStatus(paymentId: string): Promise<ProviderPaymentStatus> {
    return (await this.existingPayment(paymentId)).status;
  }

  private async existingPayment(paymentId: string): Promise<SandboxPayment> {
    const payment = await providerCall(() => this.store.findPayment(paymentId));
    if (!payment) throw refused(Messages.payments.transactionNotFound, `no payment ${paymentId}`);
    return payment;
  }
}

/** The sandbox's own database failing is the provider's server failing: worth trying again. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    throw new PaymentProviderError(
      Messages.payments.processingFailed,
      'server',
      true,
      error instanceof Error ? error.message : String(error),
    );
  }
}
