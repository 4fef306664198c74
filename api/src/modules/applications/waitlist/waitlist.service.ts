import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  LIVE_WAITLIST_STATUSES,
  type MyWaitlistView,
  type WaitlistEntryView,
  type WaitlistView,
} from '../../../contracts/waitlist.contract.js';
import { isAdmin, type AuthUser } from '../../../platform/http/auth-context.js';
import { EventAdmission, type AdmissionEvent } from '../../events/event-admission.service.js';
import { EventNotFoundError } from '../../events/events.errors.js';
import { AlreadyAppliedError, EventNotOpenError, OwnEventError } from '../applications.errors.js';
import { ApplicationsRepository } from '../applications.repository.js';
import { AlreadyOnWaitlistError, NotOnWaitlistError, NotWaitlistHostError, SeatsAvailableError } from './waitlist.errors.js';
import { WaitlistOffers } from './waitlist-offers.js';
import { WaitlistRepository, type WaitlistRow } from './waitlist.repository.js';
import { freeSeats, fullForNewcomers } from './waitlist-rules.js';

/**
 * A full event's waitlist: fans join it (no payment), see their place, and leave it (declining an
 * offer too); the host sees it in order and offers a free seat to anyone on it. Offers in order are
 * the offers job's (jobs/waitlist-offers.job.ts); taking one is the application lifecycle's.
 */
@Injectable()
export class WaitlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly waitlist: WaitlistRepository,
    private readonly offers: WaitlistOffers,
    private readonly events: EventAdmission,
    private readonly applications: ApplicationsRepository,
  ) {}

  /** Joins the end of the list: only an open event that is full for newcomers, never the host, never twice. */
  async join(user: AuthUser, eventId: string): Promise<MyWaitlistView> {
    const event = await this.visibleEvent(user, eventId);
    if (event.hostId === user.id) throw new OwnEventError();
    if (!event.open) throw new EventNotOpenError();
    if (await this.applications.hasLive(eventId, user.id)) throw new AlreadyAppliedError();
    await this.dataSource.transaction(async (tx) => {
      const locked = await this.events.lock(tx, eventId);
      if (!locked?.open) throw new EventNotOpenError();
      if (await this.waitlist.liveOf(tx, eventId, user.id)) throw new AlreadyOnWaitlistError();
      if (!(await this.isFull(tx, locked))) throw new SeatsAvailableError();
      if (!(await this.waitlist.join(tx, eventId, user.id))) throw new AlreadyOnWaitlistError();
    });
    return this.mine(user, eventId);
  }

  /** Leaves the list; leaving with an offer declines it, and its seat goes to the next on the offers job's next run. */
  async leave(user: AuthUser, eventId: string): Promise<MyWaitlistView> {
    await this.visibleEvent(user, eventId);
    await this.dataSource.transaction(async (tx) => {
      await this.events.lock(tx, eventId);
      const entry = await this.waitlist.liveOf(tx, eventId, user.id);
      if (!entry || !(await this.waitlist.move(tx, entry.id, LIVE_WAITLIST_STATUSES, 'left'))) throw new NotOnWaitlistError();
    });
    return this.mine(user, eventId);
  }

  async mine(user: AuthUser, eventId: string): Promise<MyWaitlistView> {
    const event = await this.visibleEvent(user, eventId);
    const [held, waiting, entry] = await Promise.all([
      this.waitlist.heldSeats(this.dataSource, eventId),
      this.waitlist.waitingCount(this.dataSource, eventId),
      this.waitlist.liveOf(this.dataSource, eventId, user.id),
    ]);
    return {
      full: fullForNewcomers(event, held, waiting),
      waiting,
      entry: entry
        ? { id: entry.id, status: entry.status, position: entry.position, offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null }
        : null,
    };
  }

  /** The live list in order (offers first), with the seats free to offer: the host and admins only. */
  async list(user: AuthUser, eventId: string): Promise<WaitlistView> {
    const event = await this.managedEvent(user, eventId);
    const [held, rows] = await Promise.all([this.waitlist.heldSeats(this.dataSource, eventId), this.waitlist.liveRowsOfEvent(eventId)]);
    const free = freeSeats(event, held);
    return {
      eventId,
      capacity: event.capacity,
      attendees: event.attendeesCount,
      held,
      freeSeats: Number.isFinite(free) ? free : 0,
      entries: rows.map(toEntryView),
    };
  }

  /** The host (or an admin) offers a free seat to someone on the list, whatever their place. */
  async offer(user: AuthUser, eventId: string, entryId: string): Promise<WaitlistView> {
    await this.managedEvent(user, eventId);
    await this.dataSource.transaction(async (tx) => {
      const locked = await this.events.lock(tx, eventId);
      if (!locked?.open) throw new EventNotOpenError();
      await this.offers.offerTo(tx, locked, entryId, user.id);
    });
    return this.list(user, eventId);
  }

  private async isFull(tx: EntityManager, event: AdmissionEvent): Promise<boolean> {
    return fullForNewcomers(event, await this.waitlist.heldSeats(tx, event.id), await this.waitlist.waitingCount(tx, event.id));
  }

  /** An unpublished event exists only for its host and admins: anyone else gets 404, as for no event. */
  private async visibleEvent(user: AuthUser, eventId: string): Promise<AdmissionEvent> {
    const event = await this.events.find(eventId);
    if (!event || (!event.published && event.hostId !== user.id && !isAdmin(user))) throw new EventNotFoundError();
    return event;
  }

  private async managedEvent(user: AuthUser, eventId: string): Promise<AdmissionEvent> {
    const event = await this.visibleEvent(user, eventId);
    if (event.hostId !== user.id && !isAdmin(user)) throw new NotWaitlistHostError();
    return event;
  }
}

const toEntryView = (row: WaitlistRow): WaitlistEntryView => ({
  id: row.id,
  status: row.status,
  position: row.position,
  joinedAt: row.createdAt.toISOString(),
  offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
  fan: { id: row.fanId, name: row.fanName, photoUrl: row.fanPhotoUrl },
});
