/**
 * The seat arithmetic of a waitlist, read under the event's lock: an offer holds a seat until it is
 * taken or expires, so the seats free for anyone are those neither taken nor held. The holder of an
 * offer counts their own hold as theirs.
 */
export interface SeatCount {
  capacity: number | null;
  attendeesCount: number;
}

/** Seats free for this person: capacity minus attendees minus others' holds (unlimited without a capacity). */
export function freeSeats({ capacity, attendeesCount }: SeatCount, held: number, ownHold = 0): number {
  if (capacity === null) return Number.POSITIVE_INFINITY;
  return Math.max(0, capacity - attendeesCount - (held - ownHold));
}

/** Full for a newcomer: no seat free, or people already waiting (nobody jumps the queue). */
export function fullForNewcomers(event: SeatCount, held: number, waiting: number): boolean {
  return event.capacity !== null && (waiting > 0 || freeSeats(event, held) === 0);
}

/** When an offer made now lapses: after the offer window, and never past the event's start. */
export function offerExpiry(now: Date, offerHours: number, eventStart: Date): Date {
  return new Date(Math.min(now.getTime() + offerHours * 3_600_000, eventStart.getTime()));
}
