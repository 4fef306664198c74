import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PaymentProvider, PaymentProviderError, PROVIDER_CALLS_AT_ONCE } from '../payment-provider.port.js';
import { PaymentReleaseRequested } from '../payments.events.js';
import { TransactionsRepository } from '../transactions.repository.js';

export const PaymentReleaseJob = defineJob({
  name: 'payment.release',
  queue: 'payments',
  startedBy: PaymentReleaseRequested,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  concurrency: PROVIDER_CALLS_AT_ONCE,
});

const DUE_AFTER_MS = 15_000;

/** Gives up an authorisation that will never be captured (docs/decisions.md: Razorpay has no void). */
@Injectable()
@HandlesJob(PaymentReleaseJob)
export class PaymentReleaseHandler implements JobHandler<typeof PaymentReleaseJob> {
  private readonly logger = new Logger(PaymentReleaseHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly provider: PaymentProvider,
  ) {}

  async handle({ transactionId }: JobData<typeof PaymentReleaseJob>): Promise<void> {
    const transaction = await this.transactions.find(transactionId);
    if (transaction?.state !== 'releasing' || !transaction.paymentId) return;
    try {
      await this.provider.release(transaction.paymentId);
    } catch (error) {
      if (error instanceof PaymentProviderError && !error.retryable) {
        await this.transactions.move(this.dataSource, transactionId, 'failed', { failureReason: error.detail ?? error.message }, [
          'releasing',
        ]);
        this.logger.error({ transactionId, err: error }, 'the provider refused the release; the payment needs a person');
        return;
      }
      throw error;
    }
    await this.transactions.move(this.dataSource, transactionId, 'released');
  }

  async findDue(limit: number) {
    return (await this.transactions.dueIn('releasing', DUE_AFTER_MS, limit)).map((transactionId) => ({ transactionId }));
  }

  async onLastFailure({ transactionId }: JobData<typeof PaymentReleaseJob>, error: Error): Promise<void> {
    this.logger.error({ transactionId, err: error }, 'release used up its attempts; the reconciler retries it while it is due');
  }
}
