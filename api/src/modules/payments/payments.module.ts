import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentCaptureHandler } from './jobs/payment-capture.job.js';
import { PaymentRefundHandler } from './jobs/payment-refund.job.js';
import { OrdersExpireHandler } from './jobs/orders-expire.job.js';
import { PaymentReleaseHandler } from './jobs/payment-release.job.js';
import { RefundsCheckHandler } from './jobs/refunds-check.job.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsService } from './payments.service.js';
import { ProviderEventsRepository } from './provider-events.repository.js';
import { RefundSettlement } from './refund-settlement.js';
import { RefundsRepository } from './refunds.repository.js';
import { TransactionSupportRecords } from './transaction-support-records.adapter.js';
import { TransactionsRepository } from './transactions.repository.js';

/**
 * Payments: transactions, refunds and provider webhooks, and the jobs that move money. Depends on
 * events (EventAdmission) and notifications (a refund that failed is told); asks applications which application a payment made through the
 * TransactionApplications port (bound in api/src/ports.module.ts). The provider comes from the global
 * PaymentProviderModule.
 */
@Module({
  imports: [EventsModule, NotificationsModule],
  controllers: [PaymentsController],
  providers: [
    TransactionSupportRecords,
    TransactionsRepository,
    RefundsRepository,
    ProviderEventsRepository,
    PaymentsService,
    PaymentCaptureHandler,
    PaymentReleaseHandler,
    OrdersExpireHandler,
    RefundSettlement,
    PaymentRefundHandler,
    RefundsCheckHandler,
  ],
  exports: [PaymentsService, TransactionSupportRecords],
})
export class PaymentsModule {}
