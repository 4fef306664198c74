import { Injectable } from '@nestjs/common';
import { TicketsRepository } from './tickets.repository.js';

/** What other modules may ask of check-ins (the ratings rule, through the applications module's adapter). */
@Injectable()
export class CheckInRecords {
  constructor(private readonly tickets: TicketsRepository) {}

  /** The attendee came: checked in, or the event never used check-in (its host never scanned anyone). */
  cameTo(eventId: string, applicationId: string): Promise<boolean> {
    return this.tickets.cameTo(eventId, applicationId);
  }
}
