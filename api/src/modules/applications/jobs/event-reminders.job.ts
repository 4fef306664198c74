import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { ApplicationsRepository, type ReminderDue, type ReminderWindow } from '../applications.repository.js';

export const EventRemindersJob = defineScheduledJob({
  name: 'event_reminders.send',
  queue: 'applications',
  everyMs: 60_000,
});

const HOUR_MS = 3_600_000;

/**
 * The day-before reminder goes while the event is 1 to 24 hours away (so a fan accepted late still
 * hears of it), the hour-before one in its last hour; a fan who gets the hour-before one never gets
 * the day-before one after it.
 */
export const REMINDERS: readonly ReminderWindow[] = [
  { kind: 'hour_before', startsAfterMs: 0, startsWithinMs: HOUR_MS },
  { kind: 'day_before', startsAfterMs: HOUR_MS, startsWithinMs: 24 * HOUR_MS },
];

/** Reminders claimed per transaction, and per run at most this many batches of each. */
const BATCH = 500;
const MAX_BATCHES = 20;

const startTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: 'numeric',
  minute: '2-digit',
  day: 'numeric',
  month: 'short',
});

/** "starts in 23 hours (7:00 pm, 1 Jun)", from the time the reminder is sent. */
export function reminderBody({ eventTitle, startsAt }: Pick<ReminderDue, 'eventTitle' | 'startsAt'>, now = Date.now()): string {
  const minutes = Math.max(1, Math.round((new Date(startsAt).getTime() - now) / 60_000));
  const inHowLong = minutes < 90 ? `in ${minutes} minute${minutes === 1 ? '' : 's'}` : `in ${Math.round(minutes / 60)} hours`;
  return `${eventTitle} starts ${inHowLong} (${startTime.format(new Date(startsAt))}).`;
}

/** Reminds accepted fans of their event a day and an hour before it starts: each reminder once. */
@Injectable()
@HandlesJob(EventRemindersJob)
export class EventRemindersHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(EventRemindersHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async handle(): Promise<void> {
    for (const reminder of REMINDERS) {
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const sent = await this.sendBatch(reminder);
        if (sent < BATCH) break;
      }
    }
  }

  private sendBatch(reminder: ReminderWindow): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const due = await this.applications.claimReminders(tx, reminder, BATCH);
      await this.notifications.notify(
        tx,
        ...due.map((row) => ({
          userId: row.fanId,
          type: 'event_reminder' as const,
          eventId: row.eventId,
          eventTitle: row.eventTitle,
          applicationId: row.applicationId,
          fanId: row.fanId,
          title: reminder.kind === 'hour_before' ? 'Starting soon' : 'Event reminder',
          body: reminderBody(row),
          dedupeKey: `event_reminder:${reminder.kind}:${row.eventId}`,
        })),
      );
      if (due.length > 0) this.logger.log({ reminder: reminder.kind, count: due.length }, 'event reminders sent');
      return due.length;
    });
  }
}
