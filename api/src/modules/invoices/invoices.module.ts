import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { UsersModule } from '../users/users.module.js';
import { InvoiceClock } from './invoice-clock.js';
import { InvoiceIssuer } from './invoice-issuer.service.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';
import { CreditNoteIssueHandler } from './jobs/credit-note-issue.job.js';
import { InvoiceIssueHandler } from './jobs/invoice-issue.job.js';

/**
 * GST invoices and credit notes: the workers issue them from payments' `payment.captured` and
 * `payment.refunded`; the API shows them to the payer, the event's host and admins. Depends on
 * payments, events and users (their exported services) and on the TransactionApplications port;
 * nothing depends on it.
 */
@Module({
  imports: [PaymentsModule, EventsModule, UsersModule],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoiceClock, InvoiceIssuer, InvoicesService, InvoiceIssueHandler, CreditNoteIssueHandler],
})
export class InvoicesModule {}
