import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { EventAdmission } from '../../events/event-admission.service.js';
import { PaymentReturnedInFull } from '../../payments/payments.events.js';
import { ApplicationLifecycle } from '../application-lifecycle.js';
import { ApplicationsRepository } from '../applications.repository.js';

export const ApplicationsEndRefundedJob = defineJob({
  name: 'applications.end_refunded',
  queue: 'applications',
  startedBy: PaymentReturnedInFull,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/**
 * A payment its host or an admin gave back in full ends the booking it paid for, if the event is
 * still to come (ApplicationLifecycle.endRefunded): the seat frees, the ticket stops admitting, the
 * fan leaves the chat and is told. Running it again changes nothing.
 */
@Injectable()
@HandlesJob(ApplicationsEndRefundedJob)
export class ApplicationsEndRefundedHandler implements JobHandler<typeof ApplicationsEndRefundedJob> {
  private readonly logger = new Logger(ApplicationsEndRefundedHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly lifecycle: ApplicationLifecycle,
    private readonly events: EventAdmission,
  ) {}

  async handle({ transactionId }: JobData<typeof ApplicationsEndRefundedJob>): Promise<void> {
    const outcome = await this.dataSource.transaction((tx) => this.lifecycle.endRefunded(tx, transactionId));
    // A seat freed: the event's attendee count fell.
    if (outcome === 'moved') this.events.listsChanged();
  }

  async findDue(limit: number) {
    return (await this.applications.acceptedButReturnedInFull(limit)).map((transactionId) => ({ transactionId }));
  }

  async onLastFailure({ transactionId }: JobData<typeof ApplicationsEndRefundedJob>, error: Error): Promise<void> {
    this.logger.error({ transactionId, err: error }, 'ending a booking refunded in full used up its attempts; the reconciler retries');
  }
}
