import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { EventAdmission } from '../events/event-admission.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { type PaymentRefund } from './entities/payment-refund.entity.js';
import { type PaymentTransaction } from './entities/payment-transaction.entity.js';
import { PaymentProvider, PaymentProviderError } from './payment-provider.port.js';
import { OutsideReferenceUsedError, RefundKeyUsedError, refundRefusal, TransactionNotFoundError } from './payments.errors.js';
import { PaymentRefunded, PaymentReturnedInFull } from './payments.events.js';
import { RefundsRepository, type RefundKey } from './refunds.repository.js';
import { TransactionsRepository } from './transactions.repository.js';

/** What the provider says of a refund. */
export type RefundOutcome =
  { status: 'sent'; providerRefundId: string } | { status: 'processed'; providerRefundId: string } | { status: 'failed'; reason: string };

/**
 * A refund from the provider's point of view, in one place: the refund job's first request, the
 * hourly check of refunds still being processed, and the provider's refund webhooks all end here.
 * Only the provider's "processed" makes a refund processed (its credit note follows); "failed"
 * gives the reserved money back to the transaction, so it can be refunded again, and tells the
 * payer and the admins in the same database transaction. Each outcome is recorded once: a refund
 * that already has its outcome is left as it is.
 */
@Injectable()
export class RefundSettlement {
  private readonly logger = new Logger(RefundSettlement.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly events: EventAdmission,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Sends a pending refund, or asks after a sent one, and records the answer; a refund in none of
   * `from` is left alone. A provider that does not answer is thrown.
   */
  async ask(refundId: string, from: ReadonlyArray<'pending' | 'sent'> = ['pending', 'sent']): Promise<void> {
    const refund = await this.refunds.find(refundId);
    if (!refund || !(from as readonly string[]).includes(refund.status)) return;
    const { paymentId } = (await this.transactions.find(refund.transactionId))!;
    const outcome = refund.status === 'pending' ? await this.send(refund, paymentId!) : await this.askAfter(refund, paymentId!);
    await this.dataSource.transaction((tx) => this.record(tx, refund, outcome));
  }

  /**
   * The request, with the refund's id as the idempotency key: a repeat after a crash gets the refund
   * already made. A refusal here (the provider would not make it, or failed the one it had) fails it.
   */
  private async send(refund: PaymentRefund, paymentId: string): Promise<RefundOutcome> {
    try {
      const answer = await this.provider.refund(paymentId, refund.amount, refund.id);
      return { status: answer.status === 'processed' ? 'processed' : 'sent', providerRefundId: answer.refundId };
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.retryable) throw error;
      return { status: 'failed', reason: error.detail ?? error.message };
    }
  }

  /**
   * A refund the provider accepted, asked by its id (nothing can be made twice). Only the provider's
   * word that this refund failed fails it: any error, even a refusal, is no answer and is thrown.
   */
  private async askAfter(refund: PaymentRefund, paymentId: string): Promise<RefundOutcome> {
    const state = await this.provider.refundStatus(paymentId, refund.providerRefundId!);
    switch (state.status) {
      case 'failed':
        return { status: 'failed', reason: `the provider could not process refund ${state.refundId}` };
      case 'processed':
        return { status: 'processed', providerRefundId: state.refundId };
      default:
        return { status: 'sent', providerRefundId: state.refundId };
    }
  }

  /**
   * A refund webhook, inside the transaction that records it. The refund is found by the provider's
   * id, or, when it came before the refund job recorded that id (the job's answer still on its way,
   * or lost), by its receipt, which is our refund's id, on the same payment. One we never asked for
   * (the provider's own, of a lapsed authorisation) is not ours to record.
   */
  async recordWebhook(
    tx: EntityManager,
    { refundId: providerRefundId, receipt, paymentId }: { refundId: string; receipt: string | null; paymentId: string },
    status: 'processed' | 'failed',
  ): Promise<void> {
    const refund =
      (await this.refunds.findByProviderId(tx, providerRefundId)) ??
      (receipt ? await this.refunds.findUnsentByReceipt(tx, receipt, paymentId) : undefined);
    if (!refund) return;
    if (refund.status === (status === 'processed' ? 'failed' : 'processed')) {
      this.logger.error(
        { refundId: refund.id, providerRefundId, recorded: refund.status, webhook: status },
        'a refund webhook contradicts its recorded outcome',
      );
      return;
    }
    await this.record(
      tx,
      refund,
      status === 'processed' ? { status, providerRefundId } : { status, reason: 'the provider could not process it' },
    );
  }

  /**
   * An outcome that changes the money locks the transaction first (as reserving a refund does), so
   * the refunds of one payment are recorded one after another and each one's processed_at, read on
   * the clock then, orders them as they committed: its credit note counts exactly the ones before it.
   */
  private async record(tx: EntityManager, refund: PaymentRefund, outcome: RefundOutcome): Promise<void> {
    if (outcome.status === 'sent') {
      await this.refunds.markSent(tx, refund.id, outcome.providerRefundId);
      return;
    }
    const transaction = (await this.transactions.lock(tx, refund.transactionId))!;
    switch (outcome.status) {
      case 'failed':
        if (await this.refunds.markFailed(tx, refund.id, outcome.reason)) {
          await this.transactions.cancelRefundReservation(tx, refund.transactionId, refund.amount);
          await this.tellFailed(tx, refund, transaction);
          this.logger.error({ refundId: refund.id, reason: outcome.reason }, 'the provider refused the refund');
        }
        return;
      case 'processed': {
        if (await this.refunds.markProcessed(tx, refund.id, outcome.providerRefundId)) await this.processed(tx, refund.id, transaction);
      }
    }
  }

  /**
   * Money an admin returned to the payer outside Tribe (a bank transfer, after the provider failed a
   * refund), recorded as a processed refund of the payment: reserved on it as any refund is, so it
   * counts against the host's payout and gets its credit note, and the payer hears of it. The same
   * reference again answers the refund it recorded (a form sent twice); with another amount, 409.
   * In the caller's transaction (which holds the event's payouts first).
   */
  async recordReturnedOutside(
    tx: EntityManager,
    input: { transactionId: string; amount: number; reference: string; reason: string | null; by: string },
  ): Promise<{ refund: PaymentRefund; created: boolean }> {
    const locked = await this.transactions.lock(tx, input.transactionId);
    if (!locked) throw new TransactionNotFoundError();
    const recorded = await this.askedBefore(tx, input.transactionId, { outsideReference: input.reference }, input.amount);
    if (recorded) return { refund: recorded, created: false };
    const reserved = await this.reserve(tx, input.transactionId, input.amount);
    if (!reserved) throw refundRefusal(locked.state);
    const refund = await this.refunds.insertReturnedOutside(tx, {
      transactionId: input.transactionId,
      amount: input.amount,
      reason: input.reason,
      requestedBy: input.by,
      outsideReference: input.reference,
    });
    await this.processed(tx, refund.id, reserved);
    const event = await this.events.find(reserved.eventId, tx);
    await this.notifications.notify(tx, {
      type: 'refund_returned',
      userId: reserved.payerId,
      fanId: reserved.payerId,
      amount: input.amount,
      eventId: reserved.eventId,
      eventTitle: event?.title ?? null,
    });
    return { refund, created: true };
  }

  /**
   * The refund already recorded under `key` (the same request again: a form sent twice, a retry after
   * a lost answer), or undefined; the same key with another amount is a 409. The caller holds the
   * event's payouts, which every refund takes first, so two such requests run one after the other.
   */
  async askedBefore(tx: EntityManager, transactionId: string, key: RefundKey, amount: number): Promise<PaymentRefund | undefined> {
    const earlier = await this.refunds.findByKey(tx, transactionId, key);
    if (earlier && earlier.amount !== amount) throw 'requestKey' in key ? new RefundKeyUsedError() : new OutsideReferenceUsedError();
    return earlier;
  }

  /**
   * Reserves `amount` of the captured payment for a refund someone asked for (a host, an admin, or
   * money an admin returned outside Tribe); undefined when it is not captured or not that much is
   * left. Once everything captured is given back, the booking it paid for ends: announced here, in
   * the caller's transaction. (A booking that ends for another reason reserves its own refund, in
   * the application's lifecycle, and needs no announcement.)
   */
  async reserve(tx: EntityManager, transactionId: string, amount: number): Promise<PaymentTransaction | undefined> {
    const reserved = await this.transactions.reserveRefund(tx, transactionId, amount);
    if (reserved && reserved.refundedAmount === reserved.capturedAmount) {
      await this.outbox.publish(tx, PaymentReturnedInFull, { transactionId });
    }
    return reserved;
  }

  /** A refund now processed: its credit note is due, and a payment refunded in full with nothing else on its way is refunded. */
  private async processed(tx: EntityManager, refundId: string, transaction: PaymentTransaction): Promise<void> {
    await this.outbox.publish(tx, PaymentRefunded, { refundId });
    if (transaction.refundedAmount === transaction.capturedAmount && !(await this.refunds.hasPending(tx, transaction.id))) {
      await this.transactions.move(tx, transaction.id, 'refunded');
    }
  }

  /**
   * The payer learns their money is not on its way yet, and every admin that it needs them: only
   * an admin can send it again whatever the refund's cause (a host may not, once paid out).
   */
  private async tellFailed(tx: EntityManager, refund: PaymentRefund, transaction: PaymentTransaction): Promise<void> {
    const event = await this.events.find(transaction.eventId, tx);
    const about = { fanId: transaction.payerId, amount: refund.amount, eventId: transaction.eventId, eventTitle: event?.title ?? null };
    await this.notifications.notify(tx, { ...about, type: 'refund_failed', userId: transaction.payerId });
    await this.notifications.notifyAdmins(tx, { ...about, type: 'refund_needs_admin', link: `/admin/payments/${transaction.id}` });
  }
}
