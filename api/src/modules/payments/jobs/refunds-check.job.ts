import { Injectable, Logger } from '@nestjs/common';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { RefundSettlement } from '../refund-settlement.js';
import { RefundsRepository } from '../refunds.repository.js';

export const RefundsCheckJob = defineScheduledJob({
  name: 'refunds.check',
  queue: 'payments',
  everyMs: 10 * 60_000,
});

/** How long a sent refund goes unasked: the provider's webhook normally says first. */
export const REFUND_CHECK_AFTER_MS = 60 * 60_000;
/** Refunds asked after per run at most (the rest wait for the next run). */
const BATCH = 100;

/**
 * Asks the provider about refunds it accepted but had not processed when last asked (Razorpay's
 * normal refunds take days), in case its webhook was lost or came before we knew the refund's id.
 * Each refund is asked at most once an hour, whether the provider answered or not (so refunds it
 * cannot answer about never crowd the others out of a run).
 */
@Injectable()
@HandlesJob(RefundsCheckJob)
export class RefundsCheckHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(RefundsCheckHandler.name);

  constructor(
    private readonly refunds: RefundsRepository,
    private readonly settlement: RefundSettlement,
  ) {}

  async handle(): Promise<void> {
    const due = await this.refunds.sentUncheckedFor(REFUND_CHECK_AFTER_MS, BATCH);
    let unanswered = 0;
    for (const refundId of due) {
      await this.settlement.ask(refundId).catch(async (error: unknown) => {
        unanswered += 1;
        this.logger.warn({ refundId, err: error }, 'the provider gave no answer about a sent refund; it is asked again in an hour');
        await this.refunds.markChecked(refundId);
      });
    }
    if (due.length > 0) this.logger.log({ asked: due.length, unanswered }, 'asked the provider about sent refunds');
  }
}
