import { Injectable } from '@nestjs/common';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { AdminNotificationFanOut } from '../admin-notification-fan-out.service.js';
import { AdminNotificationsRepository } from '../admin-notifications.repository.js';

export const AdminNotificationsStartDueJob = defineScheduledJob({
  name: 'admin_notifications.start_due',
  queue: 'push',
  everyMs: 30_000,
});

/** Announcements started per run (the next run takes the rest). */
const PER_RUN = 20;

/**
 * Sends announcements whose time has come. Each is claimed with a conditional update, so with
 * several worker replicas (or a run overlapping the last) each is started by one of them only.
 */
@Injectable()
@HandlesJob(AdminNotificationsStartDueJob)
export class AdminNotificationsStartDueHandler implements ScheduledJobHandler {
  constructor(
    private readonly fanOut: AdminNotificationFanOut,
    private readonly announcements: AdminNotificationsRepository,
  ) {}

  async handle(): Promise<void> {
    for (const id of await this.announcements.dueScheduled(PER_RUN)) await this.fanOut.start(id);
  }
}
