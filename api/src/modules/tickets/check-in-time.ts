import { RatingLimits } from '../../contracts/ratings.contract.js';
import { CHECK_IN_EARLIEST_BEFORE_START_HOURS, CHECK_IN_LATEST_AFTER_END_HOURS } from '../../contracts/tickets.contract.js';

const HOUR_MS = 3_600_000;

/** The event's times as the door reads them: an event with no end date is taken to last the assumed length. */
export interface DoorHours {
  date: Date;
  endDate: Date | null;
}

/** The door opens this long before the start: no check-in is taken earlier. */
export const doorOpensAt = ({ date }: DoorHours): Date => new Date(date.getTime() - CHECK_IN_EARLIEST_BEFORE_START_HOURS * HOUR_MS);

/** The door closes this long after the end: no check-in is taken later, online or from a batch. */
export function doorClosesAt({ date, endDate }: DoorHours): Date {
  const end = endDate ?? new Date(date.getTime() + RatingLimits.defaultDurationHours * HOUR_MS);
  return new Date(end.getTime() + CHECK_IN_LATEST_AFTER_END_HOURS * HOUR_MS);
}

/**
 * When an offline scan counts as made: the device's time, kept within the door's hours and not after
 * now, so a wrong clock can neither check someone in ahead of every real scan by days nor in the future.
 */
export function boundedScanTime(scannedAt: Date, hours: DoorHours, now: Date): Date {
  const latest = Math.min(now.getTime(), doorClosesAt(hours).getTime());
  return new Date(Math.min(latest, Math.max(doorOpensAt(hours).getTime(), scannedAt.getTime())));
}
