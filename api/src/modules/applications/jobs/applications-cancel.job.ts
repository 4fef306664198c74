import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { EventAdmission } from '../../events/event-admission.service.js';
import { EventCancelled } from '../../events/events.events.js';
import { ApplicationLifecycle } from '../application-lifecycle.js';
import { ApplicationsRepository } from '../applications.repository.js';
import { WaitlistRepository } from '../waitlist/waitlist.repository.js';
import { NotificationsService } from '../../notifications/notifications.service.js';

export const ApplicationsCancelJob = defineJob({
  name: 'applications.cancel',
  queue: 'applications',
  startedBy: EventCancelled,
  attempts: 10,
  backoff: { type: 'exponential', delay: 2_000 },
});

/** Thrown to retry later while a capture is still under way: its money is refunded once it lands. */
class CaptureInFlightError extends Error {}

/**
 * A cancelled event (by its host, an admin, or its host's account deletion) ends every live
 * application: authorisations are released, captured money refunded, and each fan told. Its
 * waitlist's live entries are removed, and their fans told too.
 */
@Injectable()
@HandlesJob(ApplicationsCancelJob)
export class ApplicationsCancelHandler implements JobHandler<typeof ApplicationsCancelJob> {
  private readonly logger = new Logger(ApplicationsCancelHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly events: EventAdmission,
    private readonly lifecycle: ApplicationLifecycle,
    private readonly waitlist: WaitlistRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ eventId }: JobData<typeof ApplicationsCancelJob>): Promise<void> {
    let waiting = 0;
    let ended = 0;
    await this.dataSource.transaction(async (tx) => {
      // Locked first, as every move locks it: no decision on the event runs while its applications end.
      const event = await this.events.lock(tx, eventId);
      // Its waitlist ends too: the people on it hear of the cancellation as the applicants do.
      const removed = await this.waitlist.removeAllOfEvent(tx, eventId);
      const eventTitle = event?.title ?? (await this.events.titles([eventId])).get(eventId) ?? null;
      await this.notifications.notify(
        tx,
        ...removed.map((entry) => ({ userId: entry.fanId, type: 'event_cancelled' as const, eventId, eventTitle, fanId: entry.fanId })),
      );
      for (const application of await this.applications.liveIdsOfEvent(tx, eventId)) {
        const outcome = await this.lifecycle.end(tx, application, 'cancelled', 'event cancelled');
        if (outcome === 'money_in_flight') waiting += 1;
        if (outcome === 'moved') ended += 1;
      }
    });
    // Accepted places ended: the event's attendee count fell.
    if (ended > 0) this.events.listsChanged();
    if (waiting > 0) throw new CaptureInFlightError(`${waiting} capture(s) of this event are still under way; retrying`);
  }

  async findDue(limit: number) {
    const [withApplications, withWaitlist] = await Promise.all([
      this.applications.cancelledEventsWithLiveApplications(limit),
      this.waitlist.cancelledEventsWithLiveEntries(limit),
    ]);
    return [...new Set([...withApplications, ...withWaitlist])].slice(0, limit).map((eventId) => ({ eventId }));
  }

  async onLastFailure({ eventId }: JobData<typeof ApplicationsCancelJob>, error: Error): Promise<void> {
    this.logger.error({ eventId, err: error }, 'ending the applications of a cancelled event used up its attempts; the reconciler retries');
  }
}
