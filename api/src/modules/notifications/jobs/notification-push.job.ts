import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { NotificationsRepository } from '../notifications.repository.js';
import { NotificationsCreated } from '../notifications.events.js';
import { PushPlanner } from '../push-planner.service.js';

/** An unplanned notification this old has lost its job; after a day, the news is stale. */
const DUE_AFTER_MS = 60_000;
const DUE_WITHIN_MS = 24 * 3600_000;

export const NotificationPushJob = defineJob({
  name: 'notification.push',
  queue: 'push',
  startedBy: NotificationsCreated,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
  concurrency: 8,
});

/** Notifications were stored: plan a delivery to each of their people's devices, once. */
@Injectable()
@HandlesJob(NotificationPushJob)
export class NotificationPushHandler implements JobHandler<typeof NotificationPushJob> {
  private readonly logger = new Logger(NotificationPushHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsRepository,
    private readonly planner: PushPlanner,
  ) {}

  async handle({ notificationIds }: JobData<typeof NotificationPushJob>): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      // Planned ones (by an earlier run) and ones another run holds right now are left alone.
      const unplanned = await this.notifications.lockUnplanned(tx, notificationIds);
      await this.planner.plan(
        tx,
        unplanned.map(({ id }) => id),
      );
    });
  }

  async findDue(limit: number) {
    const ids = await this.notifications.unplanned(DUE_AFTER_MS, DUE_WITHIN_MS, limit);
    return ids.map((id) => ({ notificationIds: [id] }));
  }

  async onLastFailure({ notificationIds }: JobData<typeof NotificationPushJob>, error: Error): Promise<void> {
    this.logger.error(
      { notifications: notificationIds.length, err: error },
      'planning pushes used up its attempts; the reconciler retries while they are due',
    );
  }
}
