import { type EntityManager } from 'typeorm';

/**
 * What the events module (and the chat's membership jobs) need to know about applications. The
 * applications module answers it (bound in api/src/ports.module.ts), since it depends on events.
 */
export abstract class EventApplicants {
  /** Accepted applicants of the event, read inside the caller's transaction. */
  abstract acceptedApplicantCount(eventId: string, tx: EntityManager): Promise<number>;

  /** Whether the person is an accepted attendee of the event (they see its full version, and belong in its chat). */
  abstract isAcceptedAttendee(eventId: string, userId: string): Promise<boolean>;

  /** Events the person was accepted to that have taken place, latest first. */
  abstract attendedEventIds(userId: string): Promise<string[]>;
}
