import { Inject, Injectable } from '@nestjs/common';
import {
  formatTicketCode,
  type CheckInBatchInput,
  type CheckInBatchView,
  type CheckInInput,
  type CheckInView,
  type DoorTicketsView,
  type TicketView,
} from '../../contracts/tickets.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { EventAdmission, type AdmissionEvent } from '../events/event-admission.service.js';
import { EventNotFoundError } from '../events/events.errors.js';
import { boundedScanTime, doorClosesAt, doorOpensAt } from './check-in-time.js';
import { readTicketToken, signTicketToken, ticketTokenHash } from './ticket-token.js';
import {
  CheckInClosedError,
  CheckInNotOpenError,
  NotCheckInHostError,
  TicketNotAvailableError,
  TicketNotFoundError,
} from './tickets.errors.js';
import { TicketsRepository } from './tickets.repository.js';

const NOT_A_TICKET: CheckInView = { result: 'not_a_ticket', applicationId: null, checkedInAt: null, attendee: null };

function refuseOutsideDoorHours(event: AdmissionEvent, now: Date): void {
  if (now < doorOpensAt(event)) throw new CheckInNotOpenError();
  if (now > doorClosesAt(event)) throw new CheckInClosedError();
}

interface Scan {
  token?: string;
  code?: string;
  at: Date;
  operationId: string | null;
}

/** The fan's ticket, and checking it at the door (the event's host or an admin), online or from an offline batch. */
@Injectable()
export class TicketsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tickets: TicketsRepository,
    private readonly events: EventAdmission,
  ) {}

  async ticketOf(user: AuthUser, applicationId: string): Promise<TicketView> {
    const holder = await this.tickets.holder(applicationId);
    if (!holder || holder.fanId !== user.id) throw new TicketNotFoundError();
    if (holder.status !== 'accepted' || holder.eventOff) throw new TicketNotAvailableError();
    const [code, checkedInAt] = await Promise.all([
      this.tickets.codeOf(applicationId, holder.eventId),
      this.tickets.checkedInAt(applicationId),
    ]);
    return {
      applicationId,
      token: signTicketToken(this.config.TICKET_SECRET, applicationId),
      code: formatTicketCode(code),
      event: {
        id: holder.eventId,
        title: holder.eventTitle,
        date: holder.eventDate.toISOString(),
        location: holder.eventLocation,
        city: holder.eventCity,
      },
      checkedInAt: checkedInAt?.toISOString() ?? null,
    };
  }

  /** What a door device keeps to recognise tickets offline: hashes of the tokens, never the tokens. */
  async doorTickets(user: AuthUser, eventId: string): Promise<DoorTicketsView> {
    const event = await this.door(user, eventId);
    // A cancelled event's tickets admit nobody, offline either (its bookings are being ended).
    const rows = event.cancelled ? [] : await this.tickets.doorTickets(eventId);
    return {
      eventId,
      title: event.title,
      date: event.date.toISOString(),
      tickets: rows.map((row) => ({
        applicationId: row.applicationId,
        fanId: row.fanId,
        name: row.name,
        photoUrl: row.photoUrl,
        code: formatTicketCode(row.code),
        tokenHash: ticketTokenHash(signTicketToken(this.config.TICKET_SECRET, row.applicationId)),
        checkedInAt: row.checkedInAt?.toISOString() ?? null,
      })),
    };
  }

  async checkIn(user: AuthUser, eventId: string, input: CheckInInput): Promise<CheckInView> {
    const event = await this.door(user, eventId);
    const now = new Date();
    refuseOutsideDoorHours(event, now);
    return this.check(user, event, { ...input, at: now, operationId: null });
  }

  /** Items one by one, each idempotent on its ticket: a resent batch, or two devices' batches, check each person in once. */
  async checkInBatch(user: AuthUser, eventId: string, input: CheckInBatchInput): Promise<CheckInBatchView> {
    const event = await this.door(user, eventId);
    const now = new Date();
    refuseOutsideDoorHours(event, now);
    const results: CheckInBatchView['results'] = [];
    for (const item of input.items) {
      const at = boundedScanTime(new Date(item.scannedAt), event, now);
      const view = await this.check(user, event, { token: item.token, code: item.code, at, operationId: item.operationId });
      results.push({ operationId: item.operationId, ...view });
    }
    return { results };
  }

  private async door(user: AuthUser, eventId: string): Promise<AdmissionEvent> {
    const event = await this.events.find(eventId);
    if (!event) throw new EventNotFoundError();
    if (event.hostId !== user.id && !isAdmin(user)) throw new NotCheckInHostError();
    return event;
  }

  /** A token for another event, a forged one, a booking no longer accepted and a cancelled event's ticket are all "not a ticket". */
  private async check(user: AuthUser, event: AdmissionEvent, scan: Scan): Promise<CheckInView> {
    const applicationId =
      scan.token !== undefined
        ? readTicketToken(this.config.TICKET_SECRET, scan.token)
        : await this.tickets.applicationByCode(event.id, scan.code!);
    if (!applicationId) return NOT_A_TICKET;
    const holder = await this.tickets.holder(applicationId);
    if (!holder || holder.eventId !== event.id || holder.status !== 'accepted' || holder.eventOff) return NOT_A_TICKET;
    const stored = await this.tickets.record({
      applicationId,
      eventId: event.id,
      at: scan.at,
      by: user.id,
      how: scan.token !== undefined ? 'scan' : 'code',
      operationId: scan.operationId,
    });
    if (!stored) return NOT_A_TICKET;
    return {
      result: stored.created ? 'checked_in' : 'already_checked_in',
      applicationId,
      checkedInAt: stored.checkedInAt.toISOString(),
      attendee: { name: holder.fanName, photoUrl: holder.fanPhotoUrl },
    };
  }
}
