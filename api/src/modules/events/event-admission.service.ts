import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type CancellationPolicy } from '../../contracts/cancellation-policy.js';
import { type PricingType } from '../../contracts/event.contract.js';
import { EventListCache } from './event-list-cache.js';
import { EventsRepository } from './events.repository.js';

/** What joining an event needs to know of it. */
export interface AdmissionEvent {
  id: string;
  hostId: string;
  title: string;
  date: Date;
  endDate: Date | null;
  /** Published by moderation: visible to everyone. */
  published: boolean;
  /** Takes applications: active, published and not started. */
  open: boolean;
  /** Its host can still accept people: not cancelled (nor deleted: then it is not found) and not over. */
  admitsDecisions: boolean;
  /** Cancelled by its host or an admin: its applications are being ended with everything given back. */
  cancelled: boolean;
  capacity: number | null;
  attendeesCount: number;
  pricingType: PricingType;
  minBid: number | null;
  malePrice: number | null;
  femalePrice: number | null;
  enableBidding: boolean;
  showAttendees: boolean;
  cancellationPolicy: CancellationPolicy;
}

/** What a tax invoice says of the event paid for. */
export interface InvoiceSubject {
  id: string;
  hostId: string;
  title: string;
  description: string | null;
  date: Date;
  location: string | null;
  city: string | null;
}

/**
 * The events module's face to applications and payments: the event as joining sees it, its seats,
 * and its attendee count, which only accepted (and withdrawn) applications change.
 */
@Injectable()
export class EventAdmission {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventsRepository,
    private readonly listCache: EventListCache,
  ) {}

  find(eventId: string, runner: DataSource | EntityManager = this.dataSource): Promise<AdmissionEvent | undefined> {
    return this.events.admission(runner, eventId, false);
  }

  /** The event, locked until the caller's transaction ends: seats are counted and taken under this lock. */
  lock(tx: EntityManager, eventId: string): Promise<AdmissionEvent | undefined> {
    return this.events.admission(tx, eventId, true);
  }

  /** Inside the caller's transaction; call listsChanged() once it commits. */
  changeAttendees(tx: EntityManager, eventId: string, delta: number): Promise<void> {
    return this.events.changeAttendeesCount(tx, eventId, delta);
  }

  /**
   * Drops the cached lists and event pages (they show attendee counts), here and, through the
   * change announcement, in every other process. Only after the commit: cleared sooner, a
   * concurrent read could cache the old count again.
   */
  listsChanged(): void {
    this.listCache.clear();
  }

  /** Who hosts the event, even once deleted. */
  async hostOf(eventId: string): Promise<string | undefined> {
    return (await this.events.invoiceSubject(eventId))?.hostId;
  }

  /** The event as an invoice describes it, even once deleted. */
  invoiceSubject(eventId: string): Promise<InvoiceSubject | undefined> {
    return this.events.invoiceSubject(eventId);
  }

  titles(eventIds: string[]): Promise<Map<string, string>> {
    return this.events.titles(eventIds);
  }
}
