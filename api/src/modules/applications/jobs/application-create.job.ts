import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { EventAdmission, type AdmissionEvent } from '../../events/event-admission.service.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { type PaymentTransaction } from '../../payments/entities/payment-transaction.entity.js';
import { PaymentAuthorized } from '../../payments/payments.events.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { UserAccounts } from '../../users/user-accounts.service.js';
import { LIVE_STATUSES } from '../application-state.js';
import { ApplicationsRepository } from '../applications.repository.js';

export const ApplicationCreateJob = defineJob({
  name: 'application.create',
  queue: 'applications',
  startedBy: PaymentAuthorized,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/** An authorised payment with no application this long after its authorisation is due again. */
const DUE_AFTER_MS = 15_000;

/**
 * Turns an authorised payment into a pending application and tells the host. When the event can no
 * longer take it (cancelled, started, full), the fan applied otherwise meanwhile, or the payment's
 * application already ended (a late authorisation), or the fan deleted their account, the
 * authorisation is released instead: it is never captured.
 */
@Injectable()
@HandlesJob(ApplicationCreateJob)
export class ApplicationCreateHandler implements JobHandler<typeof ApplicationCreateJob> {
  private readonly logger = new Logger(ApplicationCreateHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly events: EventAdmission,
    private readonly payments: PaymentsService,
    private readonly notifications: NotificationsService,
    private readonly accounts: UserAccounts,
  ) {}

  async handle({ transactionId }: JobData<typeof ApplicationCreateJob>): Promise<void> {
    const payment = await this.payments.find(transactionId);
    if (payment?.state !== 'authorized') return;
    const payerActive = await this.accounts.isActive(payment.payerId);
    await this.dataSource.transaction(async (tx) => {
      const event = await this.events.lock(tx, payment.eventId);
      const existing = await this.applications.findByTransaction(tx, transactionId);
      if (existing) {
        if (!LIVE_STATUSES.includes(existing.status))
          await this.release(tx, payment, `late authorisation of a ${existing.status} application`);
        return;
      }
      const refusal = payerActive ? this.refusal(event) : 'the fan deleted their account';
      if (refusal) return this.release(tx, payment, refusal);
      const application = await this.applications.insert(tx, {
        eventId: payment.eventId,
        fanId: payment.payerId,
        transactionId,
        bidAmount: payment.amount,
        message: payment.message,
        paymentAuthorizedAt: payment.authorizedAt,
      });
      if (!application) return this.release(tx, payment, 'the fan already has a live application');
      await this.notifications.notify(tx, {
        userId: event!.hostId,
        type: 'new_application',
        eventId: event!.id,
        eventTitle: event!.title,
        applicationId: application.id,
        fanId: payment.payerId,
        amount: payment.amount,
      });
    });
  }

  async findDue(limit: number) {
    const authorized = await this.payments.authorizedSince(DUE_AFTER_MS, limit);
    return (await this.applications.withoutApplication(authorized)).map((transactionId) => ({ transactionId }));
  }

  async onLastFailure({ transactionId }: JobData<typeof ApplicationCreateJob>, error: Error): Promise<void> {
    this.logger.error(
      { transactionId, err: error },
      'creating the application used up its attempts; the reconciler retries it while it is due',
    );
  }

  private refusal(event: AdmissionEvent | undefined): string | undefined {
    if (!event?.open) return 'the event no longer takes applications';
    if (event.capacity !== null && event.attendeesCount >= event.capacity) return 'the event is full';
    return undefined;
  }

  private async release(tx: EntityManager, payment: PaymentTransaction, reason: string): Promise<void> {
    if (await this.payments.requestRelease(tx, payment.id)) {
      this.logger.log({ transactionId: payment.id, reason }, 'authorisation released instead of making an application');
      await this.notifications.notify(tx, { userId: payment.payerId, type: 'payment', eventId: payment.eventId, amount: payment.amount });
    }
  }
}
