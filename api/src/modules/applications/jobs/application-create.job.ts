import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PaymentAuthorized } from '../../payments/payments.events.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { EventAdmission } from '../../events/event-admission.service.js';
import { UserAccounts } from '../../users/user-accounts.service.js';
import { ApplicationLifecycle } from '../application-lifecycle.js';
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
    private readonly lifecycle: ApplicationLifecycle,
    private readonly payments: PaymentsService,
    private readonly accounts: UserAccounts,
    private readonly events: EventAdmission,
  ) {}

  async handle({ transactionId }: JobData<typeof ApplicationCreateJob>): Promise<void> {
    const payment = await this.payments.find(transactionId);
    if (payment?.state !== 'authorized') return;
    const payerActive = await this.accounts.isActive(payment.payerId);
    const application = await this.dataSource.transaction((tx) =>
      this.lifecycle.open(tx, payment, payerActive ? undefined : 'the fan deleted their account'),
    );
    // A waitlist offer's holder is accepted at once: the event has one attendee more.
    if (application?.status === 'accepted') this.events.listsChanged();
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
}
