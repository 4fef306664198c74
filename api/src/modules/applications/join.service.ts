import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { amountFits, joinPrice, type ApplicationView, type JoinPrice } from '../../contracts/applications.contract.js';
import { type BidInput, type PreAuthorizationInput, type PreAuthorizationView } from '../../contracts/payments.contract.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { EventAdmission, type AdmissionEvent } from '../events/event-admission.service.js';
import { EventNotFoundError } from '../events/events.errors.js';
import { PaymentsService } from '../payments/payments.service.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { toApplicationView } from './application.views.js';
import {
  AlreadyAppliedError,
  EventFullError,
  EventNotOpenError,
  GenderNeededError,
  NothingToPayError,
  OwnEventError,
  PaymentNeededError,
  WrongAmountError,
} from './applications.errors.js';
import { ApplicationsRepository } from './applications.repository.js';
import { ApplicationLifecycle } from './application-lifecycle.js';
import { WaitlistRepository } from './waitlist/waitlist.repository.js';
import { fullForNewcomers } from './waitlist/waitlist-rules.js';

/**
 * A fan joining an event: a paid one through a pre-authorised payment (the application follows once
 * the payment is authorised, jobs/application-create.job.ts), a free one directly.
 */
@Injectable()
export class JoinService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventAdmission,
    private readonly applications: ApplicationsRepository,
    private readonly payments: PaymentsService,
    private readonly accounts: UserAccounts,
    private readonly waitlist: WaitlistRepository,
    private readonly lifecycle: ApplicationLifecycle,
  ) {}

  async preAuthorize(user: AuthUser, input: PreAuthorizationInput): Promise<PreAuthorizationView> {
    const fan = await this.accounts.selfView(user.id);
    const event = await this.findEvent(user, input.eventId);
    // A retried attempt gets its order back even if its application exists by now.
    if (!(await this.payments.attemptExists(user.id, input.tempBidId))) {
      await this.checkJoinable(user, event);
      const price = joinPrice(admissionPricing(event), fan.gender);
      if (price.kind === 'free' || (price.kind === 'bid' && input.amount === 0)) throw new NothingToPayError();
      checkAmount(price, input.amount);
    }
    return this.payments.openOrder({
      payerId: user.id,
      eventId: event.id,
      tempBidId: input.tempBidId,
      amount: input.amount,
      message: input.message,
      description: event.title,
      buyer: { name: fan.name ?? null, email: fan.email ?? null, phone: fan.mobile_number ?? null },
    });
  }

  /**
   * POST /events/{id}/bid: an application to an event with nothing to pay. The holder of a waitlist
   * offer is accepted at once, taking the seat held for them; anyone else finds a full event full.
   */
  async applyFree(user: AuthUser, eventId: string, input: BidInput): Promise<ApplicationView> {
    const fan = await this.accounts.selfView(user.id);
    const event = await this.findEvent(user, eventId);
    await this.checkJoinable(user, event);
    const price = joinPrice(admissionPricing(event), fan.gender);
    const free = price.kind === 'free' || (price.kind === 'bid' && price.minimum === 0);
    if (!free) throw new PaymentNeededError();
    if (input.amount !== 0) {
      // A bid of more than ₹0 is paid for, even where no minimum is set; a free event takes none.
      if (price.kind === 'bid') throw new PaymentNeededError();
      throw new NothingToPayError();
    }
    const id = await this.dataSource.transaction(async (tx) => {
      const locked = await this.events.lock(tx, eventId);
      if (!locked?.open) throw new EventNotOpenError();
      const offered = await this.waitlist.lockLiveOffer(tx, eventId, user.id);
      if (!offered && (await this.isFull(tx, locked))) throw new EventFullError();
      const application = await this.lifecycle.admit(
        tx,
        locked,
        {
          eventId,
          fanId: user.id,
          transactionId: null,
          bidAmount: 0,
          message: input.message,
          paymentAuthorizedAt: null,
          cancellationPolicy: locked.cancellationPolicy,
        },
        Boolean(offered),
      );
      if (!application) throw new AlreadyAppliedError();
      return application.id;
    });
    const view = toApplicationView((await this.applications.row(id))!);
    // Accepted at once from an offer: the lists' attendee counts changed.
    if (view.status === 'accepted') this.events.listsChanged();
    return view;
  }

  /** An unpublished event exists only for its host and admins: anyone else gets 404, as for no event. */
  private async findEvent(user: AuthUser, eventId: string): Promise<AdmissionEvent> {
    const event = await this.events.find(eventId);
    if (!event || (!event.published && event.hostId !== user.id && !isAdmin(user))) throw new EventNotFoundError();
    return event;
  }

  /**
   * This fan may join the event now: open, someone else's, not already applied, and a seat free for
   * newcomers (none held by waitlist offers, nobody waiting) or an offer of one held for this fan.
   */
  private async checkJoinable(user: AuthUser, event: AdmissionEvent): Promise<void> {
    if (event.hostId === user.id) throw new OwnEventError();
    if (!event.open) throw new EventNotOpenError();
    const entry = await this.waitlist.liveOf(this.dataSource, event.id, user.id);
    const offered = entry?.status === 'offered' && entry.offerExpiresAt !== null && entry.offerExpiresAt.getTime() > Date.now();
    if (!offered && (await this.isFull(this.dataSource, event))) throw new EventFullError();
    if (await this.applications.hasLive(event.id, user.id)) throw new AlreadyAppliedError();
  }

  private async isFull(runner: DataSource | EntityManager, event: AdmissionEvent): Promise<boolean> {
    if (event.capacity === null) return false;
    const [held, waiting] = [await this.waitlist.heldSeats(runner, event.id), await this.waitlist.waitingCount(runner, event.id)];
    return fullForNewcomers(event, held, waiting);
  }
}

function checkAmount(price: JoinPrice, amount: number): void {
  if (price.kind === 'needs_gender') throw new GenderNeededError();
  if (!amountFits(price, amount)) throw new WrongAmountError(price.kind === 'bid' ? 'bid' : 'fixed');
}

const admissionPricing = (event: AdmissionEvent) => ({
  pricing_type: event.pricingType,
  min_bid: event.minBid,
  male_price: event.malePrice,
  female_price: event.femalePrice,
  enable_bidding: event.enableBidding,
});
