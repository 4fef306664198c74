import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { OutboxService } from '../../../platform/outbox/outbox.service.js';
import { PaymentProvider, PaymentProviderError, PROVIDER_CALLS_AT_ONCE } from '../payment-provider.port.js';
import { PaymentCaptured, PaymentCaptureRequested } from '../payments.events.js';
import { TransactionsRepository } from '../transactions.repository.js';

export const PaymentCaptureJob = defineJob({
  name: 'payment.capture',
  queue: 'payments',
  startedBy: PaymentCaptureRequested,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  // A provider call is a wait of a few hundred ms on Razorpay, not work for this machine: at 4 at
  // once a burst of accepts is captured at about a dozen a second (docs/performance.md, bench:payments).
  concurrency: PROVIDER_CALLS_AT_ONCE,
});

/** A capture still unrecorded this long after it was requested is due again. */
const DUE_AFTER_MS = 15_000;

/**
 * Takes the money of an accepted application. The provider's capture is idempotent, so a run that
 * died between the provider's answer and our commit captures nothing more when it runs again.
 */
@Injectable()
@HandlesJob(PaymentCaptureJob)
export class PaymentCaptureHandler implements JobHandler<typeof PaymentCaptureJob> {
  private readonly logger = new Logger(PaymentCaptureHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle({ transactionId }: JobData<typeof PaymentCaptureJob>): Promise<void> {
    const transaction = await this.transactions.find(transactionId);
    if (transaction?.state !== 'capturing' || !transaction.paymentId) return;
    try {
      await this.provider.capture(transaction.paymentId, transaction.amount);
    } catch (error) {
      if (error instanceof PaymentProviderError && !error.retryable) {
        await this.transactions.move(this.dataSource, transactionId, 'failed', { failureReason: error.detail ?? error.message }, [
          'capturing',
        ]);
        this.logger.error({ transactionId, err: error }, 'the provider refused the capture; the payment is marked failed');
        return;
      }
      throw error;
    }
    await this.dataSource.transaction(async (tx) => {
      const captured = await this.transactions.capture(tx, transaction, this.config.PLATFORM_FEE_PERCENT);
      if (captured) await this.outbox.publish(tx, PaymentCaptured, { transactionId });
    });
  }

  async findDue(limit: number) {
    return (await this.transactions.dueIn('capturing', DUE_AFTER_MS, limit)).map((transactionId) => ({ transactionId }));
  }

  async onLastFailure({ transactionId }: JobData<typeof PaymentCaptureJob>, error: Error): Promise<void> {
    this.logger.error({ transactionId, err: error }, 'capture used up its attempts; the reconciler retries it while it is due');
  }
}
