import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { TicketsRepository } from './tickets.repository.js';

/** What other modules may ask of check-ins (the ratings rule, and leaving a booking, in the applications module). */
@Injectable()
export class CheckInRecords {
  constructor(private readonly tickets: TicketsRepository) {}

  /** The attendee came: checked in, or the event never used check-in (its host never scanned anyone). */
  cameTo(eventId: string, applicationId: string): Promise<boolean> {
    return this.tickets.cameTo(eventId, applicationId);
  }

  /**
   * Whether the booking was checked in, read in the caller's transaction. With the application's
   * row locked first, a check-in under way is waited for: it holds that row while it writes.
   */
  checkedIn(tx: EntityManager, applicationId: string): Promise<boolean> {
    return this.tickets.checkedIn(tx, applicationId);
  }
}
