import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { OutboxService } from '../../../platform/outbox/outbox.service.js';
import { PaymentProvider, PaymentProviderError, PROVIDER_CALLS_AT_ONCE } from '../payment-provider.port.js';
import { PaymentRefunded, RefundRequested } from '../payments.events.js';
import { RefundsRepository } from '../refunds.repository.js';
import { TransactionsRepository } from '../transactions.repository.js';

export const PaymentRefundJob = defineJob({
  name: 'payment.refund',
  queue: 'payments',
  startedBy: RefundRequested,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  concurrency: PROVIDER_CALLS_AT_ONCE,
});

const DUE_AFTER_MS = 15_000;

/**
 * Sends a refund to the provider with the refund's id as the idempotency key, so a retry after a
 * crash returns the refund already made. The transaction is refunded once its refunds return all of it.
 */
@Injectable()
@HandlesJob(PaymentRefundJob)
export class PaymentRefundHandler implements JobHandler<typeof PaymentRefundJob> {
  private readonly logger = new Logger(PaymentRefundHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
  ) {}

  async handle({ refundId }: JobData<typeof PaymentRefundJob>): Promise<void> {
    const refund = await this.refunds.find(refundId);
    if (refund?.status !== 'pending') return;
    const transaction = (await this.transactions.find(refund.transactionId))!;
    let providerRefundId: string;
    try {
      ({ refundId: providerRefundId } = await this.provider.refund(transaction.paymentId!, refund.amount, refund.id));
    } catch (error) {
      if (error instanceof PaymentProviderError && !error.retryable) {
        await this.dataSource.transaction(async (tx) => {
          if (await this.refunds.markFailed(tx, refundId, error.detail ?? error.message)) {
            await this.transactions.cancelRefundReservation(tx, transaction.id, refund.amount);
          }
        });
        this.logger.error({ refundId, err: error }, 'the provider refused the refund');
        return;
      }
      throw error;
    }
    await this.dataSource.transaction(async (tx) => {
      if (!(await this.refunds.markProcessed(tx, refundId, providerRefundId))) return;
      await this.outbox.publish(tx, PaymentRefunded, { refundId });
      const now = (await this.transactions.lock(tx, transaction.id))!;
      if (now.refundedAmount === now.capturedAmount && !(await this.refunds.hasPending(tx, transaction.id))) {
        await this.transactions.move(tx, transaction.id, 'refunded');
      }
    });
  }

  async findDue(limit: number) {
    return (await this.refunds.pendingOlderThan(DUE_AFTER_MS, limit)).map((refundId) => ({ refundId }));
  }

  async onLastFailure({ refundId }: JobData<typeof PaymentRefundJob>, error: Error): Promise<void> {
    this.logger.error({ refundId, err: error }, 'refund used up its attempts; the reconciler retries it while it is due');
  }
}
