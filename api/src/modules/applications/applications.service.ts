import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ApplicationView, type AttendeeView, type HostApplicationView } from '../../contracts/applications.contract.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { EventAdmission, type AdmissionEvent } from '../events/event-admission.service.js';
import { EventNotFoundError } from '../events/events.errors.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { toApplicationView, toAttendeeView, toHostApplicationView } from './application.views.js';
import {
  ApplicationAlreadyDecidedError,
  ApplicationNotFoundError,
  AttendeesHiddenError,
  NoSeatsToAcceptError,
  NotApplicationHostError,
  PaymentNotAuthorizedError,
} from './applications.errors.js';
import { ApplicationAccepted } from './applications.events.js';
import { ApplicationsRepository } from './applications.repository.js';
import { type Application } from './entities/application.entity.js';

type Decision = 'accepted' | 'rejected';

const manages = (event: Pick<AdmissionEvent, 'hostId'>, user: AuthUser) => event.hostId === user.id || isAdmin(user);

/**
 * The host's decisions and the lists around them. A decision changes the application, the event's
 * seats, the payment's request (capture or release) and the fan's notification in one transaction.
 */
@Injectable()
export class ApplicationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly events: EventAdmission,
    private readonly payments: PaymentsService,
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxService,
  ) {}

  accept(user: AuthUser, id: string): Promise<ApplicationView> {
    return this.decide(user, id, 'accepted');
  }

  reject(user: AuthUser, id: string): Promise<ApplicationView> {
    return this.decide(user, id, 'rejected');
  }

  /** The event's applications, newest first: its host and admins only. */
  async forEvent(user: AuthUser, eventId: string): Promise<HostApplicationView[]> {
    const event = await this.events.find(eventId);
    if (!event) throw new EventNotFoundError();
    if (!manages(event, user)) throw new NotApplicationHostError();
    return (await this.applications.rowsOfEvent(eventId)).map((row) => toHostApplicationView(row, isAdmin(user)));
  }

  /** Pending applications on the caller's own events (the host's new-application sheet). */
  async pendingForHost(user: AuthUser): Promise<HostApplicationView[]> {
    return (await this.applications.pendingRowsForHost(user.id)).map((row) => toHostApplicationView(row, isAdmin(user)));
  }

  async mine(user: AuthUser): Promise<ApplicationView[]> {
    return (await this.applications.rowsOfFan(user.id)).map(toApplicationView);
  }

  /** Accepted attendees. With show_attendees off, only the host and admins see them. */
  async attendees(user: AuthUser, eventId: string): Promise<AttendeeView[]> {
    const event = await this.events.find(eventId);
    if (!event) throw new EventNotFoundError();
    if (!event.showAttendees && !manages(event, user)) throw new AttendeesHiddenError();
    return (await this.applications.acceptedRowsOfEvent(eventId)).map(toAttendeeView);
  }

  /**
   * Decides once. The event row is locked first (every decision on the event queues behind it), so
   * seats are counted and taken one at a time. Deciding again the same way answers as the first
   * time did; the opposite decision is a 409.
   */
  private async decide(user: AuthUser, id: string, decision: Decision): Promise<ApplicationView> {
    const found = await this.applications.find(id);
    if (!found) throw new ApplicationNotFoundError();
    await this.dataSource.transaction(async (tx) => {
      const event = await this.events.lock(tx, found.eventId);
      if (!event || !manages(event, user)) throw new ApplicationNotFoundError();
      const application = (await this.applications.lock(tx, id))!;
      if (application.status === decision) return;
      if (application.status !== 'pending') throw new ApplicationAlreadyDecidedError(application.status);
      if (decision === 'accepted') await this.takeSeat(tx, event);
      await this.applications.move(tx, id, decision);
      await this.settlePayment(tx, application, decision);
      if (decision === 'accepted') {
        await this.outbox.publish(tx, ApplicationAccepted, { applicationId: id, eventId: event.id, fanId: application.fanId });
      }
      await this.notifications.notify(tx, {
        userId: application.fanId,
        type: notificationType(event, decision),
        eventId: event.id,
        eventTitle: event.title,
        applicationId: application.id,
        fanId: application.fanId,
        amount: application.bidAmount,
      });
    });
    if (decision === 'accepted') this.events.listsChanged();
    return toApplicationView((await this.applications.row(id))!);
  }

  private async takeSeat(tx: EntityManager, event: AdmissionEvent): Promise<void> {
    if (event.capacity !== null && event.attendeesCount >= event.capacity) throw new NoSeatsToAcceptError();
    await this.events.changeAttendees(tx, event.id, 1);
  }

  /** A pending application's payment is authorised; if it is not, the decision is refused and nothing changes. */
  private async settlePayment(tx: EntityManager, application: Application, decision: Decision): Promise<void> {
    if (!application.transactionId) return;
    const requested =
      decision === 'accepted'
        ? await this.payments.requestCapture(tx, application.transactionId)
        : await this.payments.requestRelease(tx, application.transactionId);
    if (!requested) throw new PaymentNotAuthorizedError();
  }
}

function notificationType(event: Pick<AdmissionEvent, 'enableBidding'>, decision: Decision) {
  if (event.enableBidding) return decision === 'accepted' ? 'bid_accepted' : 'bid_rejected';
  return decision === 'accepted' ? 'application_accepted' : 'application_rejected';
}
