import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { EventAdmission, type AdmissionEvent } from '../../events/event-admission.service.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { EntryNotWaitingError, NoFreeSeatError, WaitlistEntryNotFoundError } from './waitlist.errors.js';
import { WaitlistRepository, type WaitlistEntry } from './waitlist.repository.js';
import { freeSeats, offerExpiry } from './waitlist-rules.js';

const offerTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  day: 'numeric',
  month: 'short',
});

/** "A seat at Jazz night is yours until 7:00 pm, 1 Jun. Pay to take it before then." */
export const offerBody = (eventTitle: string, expiresAt: Date) =>
  `A seat at ${eventTitle} is yours until ${offerTime.format(expiresAt)}. Pay to take it before then.`;

/**
 * Offers of seats to the people on an event's waitlist, always under the event's lock, where the
 * seats taken and held are counted: lapsed offers expire first (their fans told), then each seat
 * neither taken nor held goes to the next person waiting. Counted under the lock, a seat is offered
 * once however often this runs.
 */
@Injectable()
export class WaitlistOffers {
  private readonly logger = new Logger(WaitlistOffers.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly waitlist: WaitlistRepository,
    private readonly events: EventAdmission,
    private readonly notifications: NotificationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The offers job's work on one event: expire lapsed offers, offer the free seats in order. Answers the offers made. */
  fillFreeSeats(eventId: string): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      if (!event?.open || event.capacity === null) return 0;
      const free = await this.settle(tx, event);
      if (free === 0) return 0;
      const offered = await this.waitlist.offerFirst(tx, event.id, free, this.expiry(event));
      await this.tellOffered(tx, event, offered);
      if (offered.length > 0) this.logger.log({ eventId, offers: offered.length }, 'waitlist seats offered');
      return offered.length;
    });
  }

  /** The host (or an admin) offers a free seat to someone on the list, in the caller's transaction under the event's lock. */
  async offerTo(tx: EntityManager, event: AdmissionEvent, entryId: string, offeredBy: string): Promise<void> {
    if ((await this.settle(tx, event)) === 0) throw new NoFreeSeatError();
    const offered = await this.waitlist.offerOne(tx, event.id, entryId, this.expiry(event), offeredBy);
    if (!offered) {
      const entry = await this.waitlist.find(tx, entryId);
      throw entry?.eventId === event.id ? new EntryNotWaitingError() : new WaitlistEntryNotFoundError();
    }
    await this.tellOffered(tx, event, [offered]);
  }

  /** Lapsed offers expire and their fans are told; answers the seats then free for the list. */
  private async settle(tx: EntityManager, event: AdmissionEvent): Promise<number> {
    const expired = await this.waitlist.expireLapsed(tx, event.id);
    await this.notifications.notify(
      tx,
      ...expired.map((entry) => ({
        userId: entry.fanId,
        type: 'waitlist_offer_expired' as const,
        eventId: event.id,
        eventTitle: event.title,
        fanId: entry.fanId,
        dedupeKey: `waitlist_offer_expired:${entry.id}`,
      })),
    );
    return freeSeats(event, await this.waitlist.heldSeats(tx, event.id));
  }

  private expiry(event: AdmissionEvent): Date {
    return offerExpiry(new Date(), this.config.WAITLIST_OFFER_HOURS, new Date(event.date));
  }

  private async tellOffered(tx: EntityManager, event: AdmissionEvent, offered: WaitlistEntry[]): Promise<void> {
    await this.notifications.notify(
      tx,
      ...offered.map((entry) => ({
        userId: entry.fanId,
        type: 'waitlist_offer' as const,
        eventId: event.id,
        eventTitle: event.title,
        fanId: entry.fanId,
        title: 'A seat is yours',
        body: offerBody(event.title, entry.offerExpiresAt!),
        dedupeKey: `waitlist_offer:${entry.id}`,
      })),
    );
  }
}
