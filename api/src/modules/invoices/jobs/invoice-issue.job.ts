import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PaymentCaptured } from '../../payments/payments.events.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { InvoiceIssuer } from '../invoice-issuer.service.js';
import { InvoicesRepository } from '../invoices.repository.js';
import { collectDue, DUE_AFTER_MS, DUE_WINDOW_MS } from './invoice-due.js';

export const InvoiceIssueJob = defineJob({
  name: 'invoice.issue',
  queue: 'invoices',
  startedBy: PaymentCaptured,
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
});

/** Money was captured: the tax invoice is issued, once, whatever the retries (InvoiceIssuer). */
@Injectable()
@HandlesJob(InvoiceIssueJob)
export class InvoiceIssueHandler implements JobHandler<typeof InvoiceIssueJob> {
  private readonly logger = new Logger(InvoiceIssueHandler.name);

  constructor(
    private readonly issuer: InvoiceIssuer,
    private readonly payments: PaymentsService,
    private readonly invoices: InvoicesRepository,
  ) {}

  async handle({ transactionId }: JobData<typeof InvoiceIssueJob>): Promise<void> {
    await this.issuer.issueInvoice(transactionId);
  }

  /** Captured payments (in the last week) that have no invoice. */
  async findDue(limit: number) {
    const due = await collectDue(
      limit,
      (afterId, pageSize) =>
        this.payments.settledTransactionIds({ withinMs: DUE_WINDOW_MS, olderThanMs: DUE_AFTER_MS, afterId, limit: pageSize }),
      (ids) => this.invoices.invoicedTransactions(ids),
    );
    return due.map((transactionId) => ({ transactionId }));
  }

  async onLastFailure({ transactionId }: JobData<typeof InvoiceIssueJob>, error: Error): Promise<void> {
    this.logger.error({ transactionId, err: error }, 'issuing the invoice used up its attempts; the reconciler retries it while it is due');
  }
}
