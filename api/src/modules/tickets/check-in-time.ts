import { eventEndMs } from '../../contracts/ratings.contract.js';
import { CHECK_IN_EARLIEST_BEFORE_START_HOURS, CHECK_IN_LATEST_AFTER_END_HOURS } from '../../contracts/tickets.contract.js';

const HOUR_MS = 3_600_000;

/** The event's times as the door reads them. */
export interface DoorHours {
  date: Date;
  endDate: Date | null;
}

/** The door opens this long before the start: no check-in is taken earlier. */
export const doorOpensAt = ({ date }: DoorHours): Date => new Date(date.getTime() - CHECK_IN_EARLIEST_BEFORE_START_HOURS * HOUR_MS);

/** The door closes this long after the event's end: no check-in is taken later, online or from a batch. */
export const doorClosesAt = ({ date, endDate }: DoorHours): Date =>
  new Date(eventEndMs(date.getTime(), endDate?.getTime() ?? null) + CHECK_IN_LATEST_AFTER_END_HOURS * HOUR_MS);

/**
 * When an offline scan counts as made: the device's time, kept between the door's opening and now,
 * so a wrong clock can neither check someone in ahead of every real scan by days nor in the future.
 * (A batch arriving after the door closed is refused whole, so now is never past the closing here.)
 */
export function boundedScanTime(scannedAt: Date, hours: DoorHours, now: Date): Date {
  return new Date(Math.min(now.getTime(), Math.max(doorOpensAt(hours).getTime(), scannedAt.getTime())));
}
