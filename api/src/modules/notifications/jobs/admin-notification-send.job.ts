import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { AdminNotificationFanOut } from '../admin-notification-fan-out.service.js';
import { AdminNotificationScheduled } from '../admin-notifications.events.js';
import { AdminNotificationsRepository } from '../admin-notifications.repository.js';

/** Due, or sending with no progress, this long: its job was lost or gave up. */
const STALLED_AFTER_MS = 2 * 60_000;

export const AdminNotificationSendJob = defineJob({
  name: 'admin_notification.send',
  queue: 'push',
  startedBy: AdminNotificationScheduled,
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
});

/**
 * An announcement was stored: send it if it is due (one for later is started by
 * admin_notification.start_due when its time comes), or finish a fan-out that stopped midway.
 */
@Injectable()
@HandlesJob(AdminNotificationSendJob)
export class AdminNotificationSendHandler implements JobHandler<typeof AdminNotificationSendJob> {
  private readonly logger = new Logger(AdminNotificationSendHandler.name);

  constructor(
    private readonly fanOut: AdminNotificationFanOut,
    private readonly announcements: AdminNotificationsRepository,
  ) {}

  async handle({ adminNotificationId }: JobData<typeof AdminNotificationSendJob>): Promise<void> {
    await this.fanOut.sendOrResume(adminNotificationId);
  }

  async findDue(limit: number) {
    const ids = await this.announcements.stalled(STALLED_AFTER_MS, limit);
    return ids.map((adminNotificationId) => ({ adminNotificationId }));
  }

  async onLastFailure({ adminNotificationId }: JobData<typeof AdminNotificationSendJob>, error: Error): Promise<void> {
    this.logger.error({ adminNotificationId, err: error }, 'sending an announcement used up its attempts; the reconciler resumes it');
  }
}
