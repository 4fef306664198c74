import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminNotificationsRepository } from './admin-notifications.repository.js';
import { type AdminNotification } from './entities/admin-notification.entity.js';
import { PushPlanner } from './push-planner.service.js';

/** Recipients written (and their pushes planned) per transaction. */
export const FAN_OUT_CHUNK = 2_000;

/**
 * Sends an announcement: a copy in each recipient's inbox, written set-based in chunks, each chunk's
 * pushes planned in the same transaction. Every copy carries the campaign's dedupe key, so a fan-out
 * run again (after a crash, or by a second worker at the same time) skips whoever has it and only
 * plans pushes for copies it wrote itself: nobody gets it twice.
 */
@Injectable()
export class AdminNotificationFanOut {
  private readonly logger = new Logger(AdminNotificationFanOut.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly announcements: AdminNotificationsRepository,
    private readonly planner: PushPlanner,
  ) {}

  /** Starts a due scheduled announcement, unless another run took it first. Answers whether this one sent it. */
  async start(id: string): Promise<boolean> {
    const claimed = await this.announcements.claim(id);
    if (!claimed) return false;
    await this.announcements.setExpectedRecipients(id, await this.announcements.audienceSize(claimed.audience));
    await this.fanOut(claimed);
    return true;
  }

  /** Starts it if it is due, or finishes a fan-out that stopped; leaves one that is not due, or done, alone. */
  async sendOrResume(id: string): Promise<void> {
    const announcement = await this.announcements.find(id);
    if (announcement?.status === 'scheduled') await this.start(id);
    else if (announcement?.status === 'sending') await this.fanOut(announcement);
  }

  private async fanOut(announcement: AdminNotification): Promise<void> {
    let after: string | null = null;
    let written = 0;
    for (;;) {
      const chunk = await this.dataSource.transaction(async (tx) => {
        const result = await this.announcements.fanOutChunk(tx, announcement, after, FAN_OUT_CHUNK);
        await this.planner.plan(tx, result.notificationIds, { storedPlanned: true });
        return result;
      });
      written += chunk.notificationIds.length;
      if (chunk.lastUserId === null) break;
      after = chunk.lastUserId;
    }
    await this.announcements.finish(announcement.id);
    this.logger.log({ adminNotificationId: announcement.id, written }, 'announcement sent');
  }
}
