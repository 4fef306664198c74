import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PaymentRefunded } from '../../payments/payments.events.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { InvoiceIssuer } from '../invoice-issuer.service.js';
import { InvoicesRepository } from '../invoices.repository.js';
import { collectDue, DUE_AFTER_MS, DUE_WINDOW_MS } from './invoice-due.js';

export const CreditNoteIssueJob = defineJob({
  name: 'credit_note.issue',
  queue: 'invoices',
  startedBy: PaymentRefunded,
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
});

/**
 * A refund was processed: the credit note is issued once, naming the invoice it corrects (issued
 * first if its own job has not run yet).
 */
@Injectable()
@HandlesJob(CreditNoteIssueJob)
export class CreditNoteIssueHandler implements JobHandler<typeof CreditNoteIssueJob> {
  private readonly logger = new Logger(CreditNoteIssueHandler.name);

  constructor(
    private readonly issuer: InvoiceIssuer,
    private readonly payments: PaymentsService,
    private readonly invoices: InvoicesRepository,
  ) {}

  async handle({ refundId }: JobData<typeof CreditNoteIssueJob>): Promise<void> {
    await this.issuer.issueCreditNote(refundId);
  }

  /** Refunds processed (in the last week) that have no credit note. */
  async findDue(limit: number) {
    const due = await collectDue(
      limit,
      (afterId, pageSize) =>
        this.payments.processedRefundIds({ withinMs: DUE_WINDOW_MS, olderThanMs: DUE_AFTER_MS, afterId, limit: pageSize }),
      (ids) => this.invoices.creditNotedRefunds(ids),
    );
    return due.map((refundId) => ({ refundId }));
  }

  async onLastFailure({ refundId }: JobData<typeof CreditNoteIssueJob>, error: Error): Promise<void> {
    this.logger.error({ refundId, err: error }, 'issuing the credit note used up its attempts; the reconciler retries it while it is due');
  }
}
