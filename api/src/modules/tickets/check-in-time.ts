import { CHECK_IN_EARLIEST_BEFORE_START_HOURS } from '../../contracts/tickets.contract.js';

/** The door opens this long before the start: no check-in is taken earlier. */
export const doorOpensAt = (eventStart: Date): Date => new Date(eventStart.getTime() - CHECK_IN_EARLIEST_BEFORE_START_HOURS * 3_600_000);

/**
 * When an offline scan counts as made: the device's time, kept between the event's start less a
 * margin and now, so a wrong clock can neither check someone in ahead of every real scan by days
 * nor in the future.
 */
export function boundedScanTime(scannedAt: Date, eventStart: Date, now: Date): Date {
  return new Date(Math.min(now.getTime(), Math.max(doorOpensAt(eventStart).getTime(), scannedAt.getTime())));
}
