import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type LeaveResult, type LeavingPreview } from '../../contracts/applications.contract.js';
import { leavingTerms } from '../../contracts/cancellation-policy.js';
import { Messages } from '../../contracts/messages.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { EventAdmission } from '../events/event-admission.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { CheckInRecords } from '../tickets/check-in-records.service.js';
import { toApplicationView } from './application.views.js';
import { ApplicationLifecycle } from './application-lifecycle.js';
import { ApplicationNotFoundError } from './applications.errors.js';
import { ApplicationsRepository } from './applications.repository.js';
import { type Application } from './entities/application.entity.js';

/**
 * A fan leaving their own booking: what it would give back (to confirm first), and the move itself,
 * made by the application lifecycle. Someone else's application is not found, as if absent.
 */
@Injectable()
export class LeavingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly events: EventAdmission,
    private readonly payments: PaymentsService,
    private readonly lifecycle: ApplicationLifecycle,
    private readonly checkIns: CheckInRecords,
  ) {}

  async preview(user: AuthUser, id: string, now = new Date()): Promise<LeavingPreview> {
    const application = await this.ownApplication(user, id);
    const [row, event, payment, checkedIn] = await Promise.all([
      this.applications.row(id),
      this.events.find(application.eventId),
      application.transactionId ? this.payments.find(application.transactionId) : undefined,
      this.checkIns.checkedIn(this.dataSource.manager, id),
    ]);
    const held = payment?.state === 'authorized' ? payment.amount : 0;
    // While the capture is under way the money is being taken: shown as paid, and leaving waits for it.
    const capturing = payment?.state === 'capturing';
    const paid = payment ? (capturing ? payment.amount : payment.capturedAmount - payment.refundedAmount) : 0;
    const accepted = application.status === 'accepted';
    const terms = event ? leavingTerms(application.cancellationPolicy, event.date, now, paid) : { refund: 0, refundableUntil: null };
    return {
      applicationId: application.id,
      eventId: application.eventId,
      eventTitle: row!.eventTitle,
      eventDate: row!.eventDate.toISOString(),
      status: application.status,
      policy: application.cancellationPolicy,
      paid: accepted ? paid : held,
      refund: accepted ? terms.refund : 0,
      released: application.status === 'pending' ? held : 0,
      refundableUntil: terms.refundableUntil?.toISOString() ?? null,
      refusal: refusalOf(application, event, checkedIn, now) ?? (capturing ? Messages.applications.paymentSettling : null),
    };
  }

  async leave(user: AuthUser, id: string): Promise<LeaveResult> {
    await this.ownApplication(user, id);
    const { outcome, refunded } = await this.dataSource.transaction((tx) => this.lifecycle.leave(tx, id));
    if (outcome === 'moved') this.events.listsChanged();
    return { application: toApplicationView((await this.applications.row(id))!), refunded };
  }

  private async ownApplication(user: AuthUser, id: string): Promise<Application> {
    const application = await this.applications.find(id);
    if (!application || application.fanId !== user.id) throw new ApplicationNotFoundError();
    return application;
  }
}

/** The lifecycle's refusals, worded in advance for the confirmation page. */
function refusalOf(
  application: Application,
  event: { date: Date; cancelled: boolean } | undefined,
  checkedIn: boolean,
  now: Date,
): string | null {
  if (application.status !== 'pending' && application.status !== 'accepted') {
    return `This application is already ${application.status} and can no longer be changed.`;
  }
  if (event?.cancelled) return Messages.applications.leaveWhileCancelled;
  if (application.status === 'accepted' && (!event || event.date <= now)) return Messages.applications.leaveAfterStart;
  if (application.status === 'accepted' && checkedIn) return Messages.applications.leaveAfterCheckIn;
  return null;
}
