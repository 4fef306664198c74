import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PROVIDER_CALLS_AT_ONCE } from '../payment-provider.port.js';
import { RefundRequested } from '../payments.events.js';
import { RefundSettlement } from '../refund-settlement.js';
import { RefundsRepository } from '../refunds.repository.js';

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
 * crash returns the refund already made. What the provider answers (processed, still processing,
 * refused) is recorded by RefundSettlement.
 */
@Injectable()
@HandlesJob(PaymentRefundJob)
export class PaymentRefundHandler implements JobHandler<typeof PaymentRefundJob> {
  private readonly logger = new Logger(PaymentRefundHandler.name);

  constructor(
    private readonly refunds: RefundsRepository,
    private readonly settlement: RefundSettlement,
  ) {}

  /** A sent refund is the hourly check's (refunds.check): this job only sends. */
  handle({ refundId }: JobData<typeof PaymentRefundJob>): Promise<void> {
    return this.settlement.ask(refundId, ['pending']);
  }

  async findDue(limit: number) {
    return (await this.refunds.pendingOlderThan(DUE_AFTER_MS, limit)).map((refundId) => ({ refundId }));
  }

  async onLastFailure({ refundId }: JobData<typeof PaymentRefundJob>, error: Error): Promise<void> {
    this.logger.error({ refundId, err: error }, 'refund used up its attempts; the reconciler retries it while it is due');
  }
}
