import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ApplicationStatus } from '../../contracts/applications.contract.js';
import { leavingTerms } from '../../contracts/cancellation-policy.js';
import { type NotificationType } from '../../contracts/notification-types.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { EventAdmission, type AdmissionEvent } from '../events/event-admission.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { type PaymentTransaction } from '../payments/entities/payment-transaction.entity.js';
import { PaymentsService } from '../payments/payments.service.js';
import { CheckInRecords } from '../tickets/check-in-records.service.js';
import { canMoveApplication, LIVE_STATUSES } from './application-state.js';
import {
  ApplicationAlreadyDecidedError,
  ApplicationNotFoundError,
  EventNoLongerAdmitsError,
  LeaveAfterCheckInError,
  LeaveAfterStartError,
  LeaveWhileCancelledError,
  NoSeatsToAcceptError,
  PaymentNotAuthorizedError,
  PaymentSettlingError,
} from './applications.errors.js';
import { ApplicationAccepted, ApplicationEnded } from './applications.events.js';
import { ApplicationsRepository, type NewApplication } from './applications.repository.js';
import { type Application } from './entities/application.entity.js';
import { WaitlistRepository } from './waitlist/waitlist.repository.js';
import { freeSeats } from './waitlist/waitlist-rules.js';

/** The moves that end an application (accepting is the one move that does not). */
export type Ending = 'rejected' | 'expired' | 'cancelled' | 'withdrawn' | 'left' | 'refunded';

export type MoveOutcome =
  /** The application moved, with its money request, seat, domain event and notifications. */
  | 'moved'
  /** It already was where the move leads: nothing changed (a repeated request or job). */
  | 'unchanged'
  /** A capture is still under way: nothing changed; move again once it settles (its money is then refunded). */
  | 'money_in_flight';

/** Who hears of each move, and as what. An account erased hears nothing: it is gone. */
const TOLD: Record<'accepted' | Ending, (event: AdmissionEvent | undefined) => Array<{ to: 'fan' | 'host'; type: NotificationType }>> = {
  accepted: (event) => [{ to: 'fan', type: event?.enableBidding ? 'bid_accepted' : 'application_accepted' }],
  rejected: (event) => [{ to: 'fan', type: event?.enableBidding ? 'bid_rejected' : 'application_rejected' }],
  expired: () => [
    { to: 'fan', type: 'application_expired' },
    { to: 'host', type: 'application_expired' },
  ],
  cancelled: () => [{ to: 'fan', type: 'event_cancelled' }],
  withdrawn: () => [],
  left: () => [{ to: 'host', type: 'booking_left' }],
  refunded: () => [{ to: 'fan', type: 'booking_refunded' }],
};

/**
 * Every way an application starts, moves or ends, in one place: the host's decisions, the jobs
 * (payment authorised, event cancelled, capture window passed) and the account deletion call these
 * and nothing else. Each move, inside the caller's transaction and in this order: lock the event,
 * then the application; check the table of moves (application-state.ts) and, to accept, that the
 * event still admits people and has a seat; ask payments for exactly one money move; change the
 * status and the seats; publish; notify. Nothing is half done: a refusal throws and the caller's
 * transaction rolls back.
 */
@Injectable()
export class ApplicationLifecycle {
  private readonly logger = new Logger(ApplicationLifecycle.name);

  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly events: EventAdmission,
    private readonly payments: PaymentsService,
    private readonly notifications: NotificationsService,
    private readonly outbox: OutboxService,
    private readonly waitlist: WaitlistRepository,
    private readonly checkIns: CheckInRecords,
  ) {}

  /**
   * An authorised payment becomes a pending application, and the host is told. When the event can
   * no longer take it (cancelled, started, full), the fan already has a live application there, or
   * `refusal` says why not (the fan's account is gone), its authorisation is released instead and
   * the fan told: it is never captured. A repeated call changes nothing. The holder of a waitlist
   * offer that has not lapsed is accepted at once (the host chose them by the list's order or by
   * offering the seat), taking the seat the offer held; once it lapsed, the event is full for them.
   */
  async open(tx: EntityManager, payment: PaymentTransaction, refusal?: string): Promise<Application | undefined> {
    const event = await this.events.lock(tx, payment.eventId);
    const existing = await this.applications.findByTransaction(tx, payment.id);
    if (existing) {
      if (!LIVE_STATUSES.includes(existing.status))
        await this.giveUpAuthorisation(tx, payment, `late authorisation of a ${existing.status} application`);
      return existing;
    }
    const seat = event?.open ? await this.seatFor(tx, event, payment.payerId) : undefined;
    const refused = refusal ?? (!event?.open ? 'the event no longer takes applications' : !seat?.free ? 'the event is full' : undefined);
    if (refused) return void (await this.giveUpAuthorisation(tx, payment, refused));
    const application = await this.admit(
      tx,
      event!,
      {
        eventId: payment.eventId,
        fanId: payment.payerId,
        transactionId: payment.id,
        bidAmount: payment.amount,
        message: payment.message,
        paymentAuthorizedAt: payment.authorizedAt,
        cancellationPolicy: event!.cancellationPolicy,
      },
      Boolean(seat?.offered),
    );
    if (!application) return void (await this.giveUpAuthorisation(tx, payment, 'the fan already has a live application'));
    return application;
  }

  /**
   * A fan's new application to the locked event (a paid one from `open`, a free one from the join):
   * undefined when they already have a live one there. The holder of a waitlist offer is accepted at
   * once and the host told their seat was taken; anyone else's waits for the host, who is told.
   */
  async admit(tx: EntityManager, event: AdmissionEvent, fields: NewApplication, offerHolder: boolean): Promise<Application | undefined> {
    const application = await this.applications.insert(tx, fields);
    if (!application) return undefined;
    if (offerHolder) await this.accept(tx, application.id, event.id);
    await this.notifications.notify(tx, {
      userId: event.hostId,
      type: offerHolder ? 'waitlist_offer_taken' : 'new_application',
      eventId: event.id,
      eventTitle: event.title,
      applicationId: application.id,
      fanId: fields.fanId,
      amount: fields.bidAmount,
    });
    return offerHolder ? this.applications.find(application.id, tx) : application;
  }

  /**
   * The host accepts: a cancelled, deleted or finished event accepts nobody, a full one no more;
   * the authorised payment is to be captured. Seats held by waitlist offers are not free, except the
   * fan's own: accepting them takes their offer. Accepting an accepted application changes nothing.
   * A caller that has read the application passes its event (an application never changes event),
   * which saves reading it again.
   */
  async accept(tx: EntityManager, applicationId: string, eventId?: string): Promise<MoveOutcome> {
    const { event, application } = await this.lockBoth(tx, applicationId, eventId);
    if (application.status === 'accepted') return 'unchanged';
    this.refuseIllegal(application, 'accepted');
    if (!event?.admitsDecisions) throw new EventNoLongerAdmitsError();
    const seat = await this.seatFor(tx, event, application.fanId);
    if (!seat.free) throw new NoSeatsToAcceptError();
    if (application.transactionId && !(await this.payments.requestCapture(tx, application.transactionId))) {
      throw new PaymentNotAuthorizedError();
    }
    await this.applications.move(tx, application.id, 'accepted');
    if (seat.offered) await this.waitlist.move(tx, seat.offered.id, ['offered'], 'taken');
    await this.events.changeAttendees(tx, event.id, 1);
    await this.outbox.publish(tx, ApplicationAccepted, { applicationId, eventId: event.id, fanId: application.fanId });
    await this.tell(tx, 'accepted', application, event);
    return 'moved';
  }

  /**
   * The application ends. Its money goes back exactly once: a rejection releases the authorisation
   * (refused if it is no longer one); any other ending releases it, or refunds what an accepted one's
   * capture took. An accepted application gives its seat back.
   */
  async end(tx: EntityManager, applicationId: string, to: Ending, reason: string): Promise<MoveOutcome> {
    return (await this.finish(tx, await this.lockBoth(tx, applicationId), to, reason)).outcome;
  }

  /**
   * The booking a payment paid for ends because its host or an admin gave back all of it
   * (PaymentReturnedInFull) before the event: its seat frees, its ticket no longer admits, the fan
   * leaves the event's chat and is told. No money moves here: the refunds are already asked for.
   * Only an accepted booking of an event still to come, neither cancelled nor checked in, ends so
   * (unchanged otherwise): a refund after the event, a goodwill gesture, does not rewrite who attended.
   */
  async endRefunded(tx: EntityManager, transactionId: string, now = new Date()): Promise<MoveOutcome> {
    const found = await this.applications.findByTransaction(tx, transactionId);
    if (found?.status !== 'accepted') return 'unchanged';
    const locked = await this.lockBoth(tx, found.id, found.eventId);
    const { event } = locked;
    // A cancelled event's bookings end as cancelled (applications.cancel), their fans told of the cancellation.
    if (!event || event.cancelled || event.date <= now || (await this.checkIns.checkedIn(tx, found.id))) return 'unchanged';
    // Nothing is returned again: a refund the provider failed meanwhile is the admins' to send again.
    return (await this.finish(tx, locked, 'refunded', 'refunded in full by the host or an admin', () => 0)).outcome;
  }

  /**
   * The fan leaves their own booking. A pending one's authorisation is released; an accepted one,
   * before its event starts, gets back what the cancellation policy it was made under gives at this
   * moment, and its seat frees. The host is told. Leaving again changes nothing (one refund).
   */
  async leave(tx: EntityManager, applicationId: string, now = new Date()): Promise<{ outcome: MoveOutcome; refunded: number }> {
    const locked = await this.lockBoth(tx, applicationId);
    const { event, application } = locked;
    if (application.status === 'left') return { outcome: 'unchanged', refunded: 0 };
    this.refuseIllegal(application, 'left');
    if (event?.cancelled) throw new LeaveWhileCancelledError();
    if (application.status === 'accepted' && (!event || event.date <= now)) throw new LeaveAfterStartError();
    if (application.status === 'accepted' && (await this.checkIns.checkedIn(tx, applicationId))) throw new LeaveAfterCheckInError();
    const refundOf = (rest: number) => leavingTerms(application.cancellationPolicy, event!.date, now, rest).refund;
    const left = await this.finish(tx, locked, 'left', 'the fan cancelled their booking', refundOf);
    if (left.outcome === 'money_in_flight') throw new PaymentSettlingError();
    return left;
  }

  private async finish(
    tx: EntityManager,
    { event, application }: Locked,
    to: Ending,
    reason: string,
    refundOf?: (rest: number) => number,
  ): Promise<{ outcome: MoveOutcome; refunded: number }> {
    const unchanged = { outcome: 'unchanged', refunded: 0 } as const;
    if (application.status === to) return unchanged;
    // The host's rejection of a decided application is refused; a job or a deletion that finds the
    // application already moved on (decided meanwhile, or ended another way) has nothing to do.
    if (to !== 'rejected' && !canMoveApplication(application.status, to)) return unchanged;
    this.refuseIllegal(application, to);
    let refunded = 0;
    if (application.transactionId) {
      if (to === 'rejected') {
        if (!(await this.payments.requestRelease(tx, application.transactionId))) throw new PaymentNotAuthorizedError();
      } else {
        const returned = await this.payments.returnAll(tx, application.transactionId, reason, refundOf);
        if (returned.state === 'in_flight') return { outcome: 'money_in_flight', refunded: 0 };
        refunded = returned.refunded;
      }
    }
    await this.applications.move(tx, application.id, to);
    if (application.status === 'accepted') {
      await this.events.changeAttendees(tx, application.eventId, -1);
      await this.outbox.publish(tx, ApplicationEnded, {
        applicationId: application.id,
        eventId: application.eventId,
        fanId: application.fanId,
      });
    }
    await this.tell(tx, to, application, event);
    return { outcome: 'moved', refunded };
  }

  /**
   * Whether a seat is free for this fan, under the event's lock: seats held by waitlist offers are
   * not, except the fan's own offer (locked with it, so it cannot lapse under the move).
   */
  private async seatFor(tx: EntityManager, event: AdmissionEvent, fanId: string) {
    const { held, offered } = await this.waitlist.heldSeatsAndLockedOffer(tx, event.id, fanId);
    return { free: freeSeats(event, held, offered ? 1 : 0) > 0, offered };
  }

  /**
   * Event first, then application: every move takes the locks in this order, so none deadlock. The
   * application is read first to learn its event, unless the caller already knows it.
   */
  private async lockBoth(tx: EntityManager, applicationId: string, knownEventId?: string): Promise<Locked> {
    const eventId = knownEventId ?? (await this.applications.find(applicationId, tx))?.eventId;
    if (!eventId) throw new ApplicationNotFoundError();
    // A deleted event is no longer found: its applications still end.
    const event = await this.events.lock(tx, eventId);
    const application = await this.applications.lock(tx, applicationId);
    if (!application) throw new ApplicationNotFoundError();
    if (application.eventId !== eventId) throw new Error(`application ${applicationId} is not of event ${eventId}`);
    return { event, application };
  }

  private refuseIllegal(application: Application, to: ApplicationStatus): void {
    if (!canMoveApplication(application.status, to)) throw new ApplicationAlreadyDecidedError(application.status);
  }

  private async giveUpAuthorisation(tx: EntityManager, payment: PaymentTransaction, reason: string): Promise<void> {
    if (await this.payments.requestRelease(tx, payment.id)) {
      this.logger.log({ transactionId: payment.id, reason }, 'authorisation released instead of making an application');
      await this.notifications.notify(tx, { userId: payment.payerId, type: 'payment', eventId: payment.eventId, amount: payment.amount });
    }
  }

  private async tell(tx: EntityManager, move: 'accepted' | Ending, application: Application, event: AdmissionEvent | undefined) {
    const told = TOLD[move](event).filter((notice) => notice.to === 'fan' || event);
    if (told.length === 0) return;
    const eventTitle = event?.title ?? (await this.events.titles([application.eventId])).get(application.eventId) ?? null;
    await this.notifications.notify(
      tx,
      ...told.map((notice) => ({
        userId: notice.to === 'fan' ? application.fanId : event!.hostId,
        type: notice.type,
        eventId: application.eventId,
        eventTitle,
        applicationId: application.id,
        fanId: application.fanId,
        amount: application.bidAmount,
      })),
    );
  }
}

interface Locked {
  event: AdmissionEvent | undefined;
  application: Application;
}
