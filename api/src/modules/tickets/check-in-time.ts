import { CHECK_IN_EARLIEST_BEFORE_START_HOURS } from '../../contracts/tickets.contract.js';

/**
 * When an offline scan counts as made: the device's time, kept between the event's start less a
 * margin and now, so a wrong clock can neither check someone in ahead of every real scan by days
 * nor in the future.
 */
export function boundedScanTime(scannedAt: Date, eventStart: Date, now: Date): Date {
  const earliest = eventStart.getTime() - CHECK_IN_EARLIEST_BEFORE_START_HOURS * 3_600_000;
  return new Date(Math.min(now.getTime(), Math.max(earliest, scannedAt.getTime())));
}
