import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type PreAuthorizationView,
  type RefundInput,
  type ReturnedOutsideInput,
  type TransactionView,
  type VerifyPaymentInput,
} from '../../contracts/payments.contract.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { EventAdmission } from '../events/event-admission.service.js';
import { type PaymentRefund } from './entities/payment-refund.entity.js';
import { type PaymentTransaction } from './entities/payment-transaction.entity.js';
import { PaidOutCover } from './paid-out-cover.port.js';
import { PaymentProvider, PaymentProviderError, type CheckoutBuyer, type ProviderWebhookEvent } from './payment-provider.port.js';
import {
  AttemptMismatchError,
  NotRefunderError,
  OrderInProgressError,
  PaymentVerificationError,
  providerFailure,
  RefundPaidOutError,
  refundRefusal,
  TransactionNotFoundError,
  WebhookSignatureError,
  WebhookStaleError,
} from './payments.errors.js';
import {
  PaymentAuthorized,
  PaymentCaptured,
  PaymentCaptureRequested,
  PaymentReleaseRequested,
  RefundRequested,
} from './payments.events.js';
import { ProviderEventsRepository } from './provider-events.repository.js';
import { RefundSettlement } from './refund-settlement.js';
import { RefundsRepository } from './refunds.repository.js';
import { TransactionApplications } from './transaction-applications.port.js';
import { toTransactionView } from './transaction.views.js';
import { webhookCreatedAt, webhookSubject } from './webhook-envelope.js';
import {
  TransactionsRepository,
  type EventLedger,
  type PaymentsAlike,
  type LedgerFilter,
  type NewAttempt,
  type SettledPage,
} from './transactions.repository.js';

export type { EventLedger, LedgerFilter, PaymentsAlike };

/** How often a concurrent pre-authorisation with the same tempBidId looks for the order the first one is creating. */
const ORDER_POLL_MS = 50;
/** Why an unpaid order expired when the fan opened another for the same event. */
const ORDER_REPLACED = 'Replaced by a newer order for this event.';
/** The most transactions a payer's list shows. */
const TRANSACTION_LIST_LIMIT = 200;

export interface OrderRequest extends Omit<NewAttempt, 'provider'> {
  buyer: CheckoutBuyer;
  description: string;
}

/**
 * Payments: orders, the checkout's proof, provider webhooks, refunds, and the requests (capture,
 * release, refund) that the applications module makes inside its own transactions. Provider calls
 * that move money happen only in the workers (jobs/).
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly refunds: RefundsRepository,
    private readonly settlement: RefundSettlement,
    private readonly providerEvents: ProviderEventsRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly events: EventAdmission,
    private readonly applications: TransactionApplications,
    private readonly paidOut: PaidOutCover,
    private readonly audit: AdminAuditLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The order of this checkout attempt. The first request with a tempBidId creates it at the
   * provider; any other request with it (a double tap, a retry, fifty at once) gets the same order.
   * A fan has at most one unpaid order per event: another attempt for the same amount reuses it,
   * one for another amount (a new bid) replaces it, and the old one expires.
   */
  async openOrder(request: OrderRequest): Promise<PreAuthorizationView> {
    const deadline = Date.now() + this.config.PAYMENT_PROVIDER_TIMEOUT_MS + 2_000;
    for (;;) {
      if (Date.now() > deadline) throw new OrderInProgressError();
      const created = await this.transactions.insertAttempt({ ...request, provider: this.provider.name });
      if (created) return this.withCheckout(await this.createOrder(created), request);
      let existing = await this.transactions.findAttempt(request.payerId, request.tempBidId);
      if (!existing) {
        // Another attempt's order for this event is open (or the first request failed and let go).
        const open = await this.transactions.findOpenOrder(request.payerId, request.eventId);
        if (!open) continue;
        if (open.amount !== request.amount) {
          await this.transactions.move(this.dataSource, open.id, 'expired', { failureReason: ORDER_REPLACED }, ['created']);
          continue;
        }
        existing = open;
      }
      if (existing.eventId !== request.eventId || existing.amount !== request.amount) throw new AttemptMismatchError();
      if (existing.orderId) return this.withCheckout(existing, request);
      if (await this.transactions.claimLapsedOrder(existing.id, this.config.PAYMENT_PROVIDER_TIMEOUT_MS + 2_000)) {
        return this.withCheckout(await this.createOrder(existing), request);
      }
      await sleep(ORDER_POLL_MS);
    }
  }

  /** The checkout's answer, checked: the order must be the caller's and the signature the provider's. */
  async verify(payerId: string, proof: VerifyPaymentInput): Promise<TransactionView> {
    const transaction = await this.transactions.findByOrder(proof.orderId);
    if (!transaction || transaction.payerId !== payerId || !this.provider.verifyPaymentSignature(proof)) {
      throw new PaymentVerificationError();
    }
    if (transaction.paymentId && transaction.paymentId !== proof.paymentId) throw new PaymentVerificationError();
    await this.dataSource.transaction((tx) => this.authorize(tx, transaction.id, proof.paymentId, proof.signature));
    return this.view((await this.transactions.find(transaction.id))!);
  }

  /**
   * A provider webhook: verified on the raw body, refused when older than the provider's retries
   * (a replay), and recorded once by its event id and by what it says (the payment or refund and the
   * event type) in the same transaction as the change it makes, so repeats, replays under a new id
   * and reorderings change nothing more.
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined, headers: Record<string, string | undefined>): Promise<void> {
    if (!signature || !this.provider.verifyWebhookSignature(rawBody, signature)) throw new WebhookSignatureError();
    const event = this.provider.parseWebhook(rawBody, headers);
    if (!event) return;
    const createdAt = webhookCreatedAt(rawBody);
    if (!createdAt || Date.now() - createdAt.getTime() > this.config.WEBHOOK_MAX_AGE_HOURS * 3_600_000) throw new WebhookStaleError();
    await this.dataSource.transaction(async (tx) => {
      const fresh = await this.providerEvents.recordOnce(tx, {
        id: event.id,
        subject: webhookSubject(event),
        provider: this.provider.name,
        type: event.type,
        payload: event,
      });
      if (fresh) await this.applyWebhook(tx, event);
    });
  }

  async listFor(payerId: string): Promise<TransactionView[]> {
    return this.views(await this.transactions.listForPayer(payerId, TRANSACTION_LIST_LIMIT));
  }

  /** The payer's own transaction (or any, for an admin); anyone else learns nothing: 404. */
  async getFor(viewer: AuthUser, id: string): Promise<TransactionView> {
    const transaction = await this.transactions.find(id);
    if (!transaction || (transaction.payerId !== viewer.id && !isAdmin(viewer))) throw new TransactionNotFoundError();
    return this.view(transaction);
  }

  /**
   * Admins, and the host of the event paid for; partial refunds add up to at most the captured amount.
   * With a request key, asking again (a form sent twice, a retry after a lost answer) answers the
   * refund already recorded: the event's payout hold, taken first, puts such requests one after another.
   */
  async refund(viewer: AuthUser, input: RefundInput): Promise<{ ok: true; refundId: string }> {
    const transaction = await this.transactions.find(input.transactionId);
    if (!transaction) throw new TransactionNotFoundError();
    if (!isAdmin(viewer)) {
      const event = await this.events.find(transaction.eventId);
      if (event?.hostId !== viewer.id) {
        if (transaction.payerId === viewer.id) throw new NotRefunderError();
        throw new TransactionNotFoundError();
      }
    }
    const refundId = await this.dataSource.transaction(async (tx) => {
      // Every refund, an admin's too, holds the event's payouts: one recorded meanwhile works from the ledger with this refund in it.
      await this.paidOut.holdPayouts(tx, transaction.eventId);
      const { requestKey } = input;
      const earlier = requestKey ? await this.settlement.askedBefore(tx, transaction.id, { requestKey }, input.amount) : undefined;
      if (earlier) return earlier.id;
      // Not captured (only authorised, or already refunded in full), or not that much left: refused.
      const reserved = await this.settlement.reserve(tx, transaction.id, input.amount);
      if (!reserved) {
        const now = await this.transactions.find(transaction.id, tx);
        throw refundRefusal(now?.state);
      }
      // A host cannot give back money Tribe already paid out to them: that refund is the admins'.
      if (!isAdmin(viewer) && !(await this.coversHostRefund(tx, reserved, input.amount))) throw new RefundPaidOutError();
      const id = await this.recordRefund(tx, transaction.id, input.amount, input.reason ?? null, viewer.id, input.requestKey);
      if (isAdmin(viewer))
        await this.auditRefund(tx, viewer, 'payment.refunded', transaction.id, { refundId: id, amount: input.amount }, input.reason);
      return id;
    });
    return { ok: true, refundId };
  }

  /**
   * Admins only (the route says so): money returned to the payer outside Tribe, recorded as a
   * processed refund, holding the event's payouts as every refund does.
   */
  async recordReturnedOutside(
    admin: AuthUser,
    transactionId: string,
    input: ReturnedOutsideInput,
  ): Promise<{ ok: true; refundId: string }> {
    const transaction = await this.transactions.find(transactionId);
    if (!transaction) throw new TransactionNotFoundError();
    const refund = await this.dataSource.transaction(async (tx) => {
      await this.paidOut.holdPayouts(tx, transaction.eventId);
      const recorded = await this.settlement.recordReturnedOutside(tx, {
        transactionId,
        ...input,
        reason: input.reason ?? null,
        by: admin.id,
      });
      if (recorded.created) {
        const after = { refundId: recorded.refund.id, amount: input.amount, reference: input.reference };
        await this.auditRefund(tx, admin, 'payment.returned_outside', transactionId, after, input.reason);
      }
      return recorded.refund;
    });
    return { ok: true, refundId: refund.id };
  }

  /** An admin's refund in the admin audit log, in its transaction (a repeat that records nothing writes nothing). */
  private auditRefund(
    tx: EntityManager,
    admin: AuthUser,
    action: 'payment.refunded' | 'payment.returned_outside',
    transactionId: string,
    after: { refundId: string; amount: number; reference?: string },
    reason: string | null | undefined,
  ): Promise<void> {
    return this.audit.record(tx, { adminId: admin.id, action, recordType: 'payment', recordId: transactionId, reason, after });
  }

  async attemptExists(payerId: string, tempBidId: string): Promise<boolean> {
    return (await this.transactions.findAttempt(payerId, tempBidId)) !== undefined;
  }

  find(id: string): Promise<PaymentTransaction | undefined> {
    return this.transactions.find(id);
  }

  /**
   * Captured and refunded money by event, summed from the ledger now (for payouts). Pass the
   * caller's transaction to read inside it, for example under a lock it holds.
   */
  ledgerByEvent(filter: LedgerFilter, runner?: EntityManager): Promise<EventLedger[]> {
    return this.transactions.ledgerByEvent(filter, runner);
  }

  /**
   * The platform fee rate of a captured payment, for its invoice: the one it was captured at, or
   * (captured before rates were kept) `rateNow`, kept from then on so its payout works with it too.
   */
  async platformFeeRateOf(transaction: PaymentTransaction, rateNow: number): Promise<number> {
    return transaction.platformFeeRate ?? (await this.transactions.keepPlatformFeeRate(transaction.id, rateNow)) ?? rateNow;
  }

  findRefund(id: string): Promise<PaymentRefund | undefined> {
    return this.refunds.find(id);
  }

  /** What the transaction's refunds processed before this processed one returned, in the order they were processed. */
  async refundedBefore(refund: PaymentRefund): Promise<number> {
    const order = (candidate: PaymentRefund) => [candidate.processedAt?.getTime() ?? 0, candidate.id] as const;
    const [time, id] = order(refund);
    return (await this.refunds.forTransactions([refund.transactionId]))
      .filter((other) => other.status === 'processed' && other.id !== id)
      .filter((other) => {
        const [otherTime, otherId] = order(other);
        return otherTime < time || (otherTime === time && otherId < id);
      })
      .reduce((sum, other) => sum + other.amount, 0);
  }

  /** Whether part or all of the transaction is refunded or being refunded (a failed refund returned nothing). */
  hasRefund(transactionId: string): Promise<boolean> {
    return this.refunds.hasLiveRefund(transactionId);
  }

  /** Transactions that took money, changed within a window (the invoices module's due work). */
  settledTransactionIds(page: SettledPage): Promise<string[]> {
    return this.transactions.settledIds(page);
  }

  /** Refunds the provider processed, within a window (the invoices module's due work). */
  processedRefundIds(page: SettledPage): Promise<string[]> {
    return this.refunds.processedIds(page);
  }

  /** Authorised transactions at least this old, oldest first (the applications job's due work). */
  authorizedSince(olderThanMs: number, limit: number): Promise<string[]> {
    return this.transactions.dueIn('authorized', olderThanMs, limit);
  }

  /** Inside the caller's transaction: the host accepted, so the authorised amount is to be captured. */
  async requestCapture(tx: EntityManager, transactionId: string): Promise<boolean> {
    const moved = await this.transactions.move(tx, transactionId, 'capturing');
    if (moved) await this.outbox.publish(tx, PaymentCaptureRequested, { transactionId });
    return moved !== undefined;
  }

  /** Inside the caller's transaction: the authorisation is to be given up. False when it was not authorised. */
  async requestRelease(tx: EntityManager, transactionId: string): Promise<boolean> {
    const moved = await this.transactions.move(tx, transactionId, 'releasing', {}, ['authorized']);
    if (moved) await this.outbox.publish(tx, PaymentReleaseRequested, { transactionId });
    return moved !== undefined;
  }

  /**
   * Inside the caller's transaction: gives the payer their money back — releases an authorisation;
   * of what a capture took and no refund returned yet, refunds the part `refundOf` says (all of it
   * unless told otherwise). 'in_flight' when a capture is under way (the caller retries once it
   * settles); otherwise 'settled' with the rupees refunded now.
   */
  async returnAll(
    tx: EntityManager,
    transactionId: string,
    reason: string,
    refundOf: (rest: number) => number = (rest) => rest,
  ): Promise<{ state: 'settled' | 'in_flight'; refunded: number }> {
    const transaction = await this.transactions.lock(tx, transactionId);
    if (!transaction) return { state: 'settled', refunded: 0 };
    if (transaction.state === 'capturing') return { state: 'in_flight', refunded: 0 };
    if (transaction.state === 'authorized') await this.requestRelease(tx, transactionId);
    if (transaction.state === 'captured') {
      const rest = transaction.capturedAmount - transaction.refundedAmount;
      const amount = Math.min(rest, Math.max(0, refundOf(rest)));
      if (amount > 0 && (await this.transactions.reserveRefund(tx, transactionId, amount))) {
        await this.recordRefund(tx, transactionId, amount, reason, null);
        return { state: 'settled', refunded: amount };
      }
    }
    return { state: 'settled', refunded: 0 };
  }

  /**
   * Read under the payout hold and after the refund's reservation, so every earlier refund of the
   * event is in the ledger (this one is not yet) and in the payment's reserved amount (this one too).
   */
  private async coversHostRefund(tx: EntityManager, reserved: PaymentTransaction, amount: number): Promise<boolean> {
    const [ledger] = await this.transactions.ledgerByEvent({ eventId: reserved.eventId }, tx);
    const refunding = { refunded: reserved.refundedAmount - amount, feePercent: reserved.platformFeeRate };
    return this.paidOut.coversRefund(tx, { eventId: reserved.eventId, payments: ledger?.payments ?? [], refunding }, amount);
  }

  private async recordRefund(
    tx: EntityManager,
    transactionId: string,
    amount: number,
    reason: string | null,
    by: string | null,
    requestKey?: string,
  ) {
    const refund = await this.refunds.insert(tx, { transactionId, amount, reason, requestedBy: by, requestKey });
    await this.outbox.publish(tx, RefundRequested, { refundId: refund.id });
    return refund.id;
  }

  private async createOrder(attempt: PaymentTransaction): Promise<PaymentTransaction> {
    try {
      const order = await this.provider.createOrder({
        amount: attempt.amount,
        receipt: attempt.id.replaceAll('-', ''),
        notes: { transactionId: attempt.id, eventId: attempt.eventId },
      });
      const recorded = await this.transactions.recordOrder(attempt.id, order.orderId);
      return recorded ?? (await this.transactions.find(attempt.id))!;
    } catch (error) {
      await this.transactions.dropUnordered(attempt.id);
      if (error instanceof PaymentProviderError) throw providerFailure(error);
      throw error;
    }
  }

  private async withCheckout(transaction: PaymentTransaction, request: OrderRequest): Promise<PreAuthorizationView> {
    const checkout = this.provider.checkoutFor({ orderId: transaction.orderId!, amount: transaction.amount }, request.buyer);
    const { scriptUrl, options } = checkout;
    return { ...(await this.view(transaction)), checkout: { scriptUrl, options: { ...options, description: request.description } } };
  }

  /**
   * created (or failed: a retry in the same checkout) → authorized, once, with its domain event. A
   * failed try's reason goes: the payment did not fail.
   */
  private async authorize(tx: EntityManager, transactionId: string, paymentId: string, signature: string | null): Promise<void> {
    const moved = await this.transactions.move(tx, transactionId, 'authorized', {
      paymentId,
      failureReason: null,
      ...(signature ? { signature } : {}),
    });
    if (moved) await this.outbox.publish(tx, PaymentAuthorized, { transactionId });
  }

  private async applyWebhook(tx: EntityManager, event: ProviderWebhookEvent): Promise<void> {
    switch (event.type) {
      case 'payment.authorized': {
        const transaction = await this.transactions.findByOrder(event.orderId, tx);
        if (transaction && (!transaction.paymentId || transaction.paymentId === event.paymentId)) {
          await this.authorize(tx, transaction.id, event.paymentId, null);
        }
        return;
      }
      case 'payment.captured': {
        const transaction = await this.transactions.findByOrder(event.orderId, tx);
        if (!transaction) return;
        const captured = await this.transactions.capture(tx, transaction, this.config.PLATFORM_FEE_PERCENT);
        if (captured) await this.outbox.publish(tx, PaymentCaptured, { transactionId: transaction.id });
        return;
      }
      case 'payment.failed': {
        const transaction = await this.transactions.findByOrder(event.orderId, tx);
        if (transaction) await this.transactions.move(tx, transaction.id, 'failed', { failureReason: event.reason }, ['created']);
        return;
      }
      case 'refund.processed':
      case 'refund.failed':
        await this.settlement.recordWebhook(tx, event, event.type === 'refund.processed' ? 'processed' : 'failed');
    }
  }

  private view(transaction: PaymentTransaction): Promise<TransactionView> {
    return this.views([transaction]).then((views) => views[0]!);
  }

  private async views(transactions: PaymentTransaction[]): Promise<TransactionView[]> {
    const ids = transactions.map((transaction) => transaction.id);
    const [titles, applicationIds, refunds] = await Promise.all([
      this.events.titles(transactions.map((transaction) => transaction.eventId)),
      this.applications.applicationIdsFor(ids),
      this.refunds.forTransactions(ids),
    ]);
    return transactions.map((transaction) =>
      toTransactionView(transaction, {
        eventTitle: titles.get(transaction.eventId) ?? null,
        applicationId: applicationIds.get(transaction.id) ?? null,
        refunds: refunds.filter((refund) => refund.transactionId === transaction.id),
      }),
    );
  }
}
