import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { NotificationsRepository } from './notifications.repository.js';
import { PushBatchPlanned } from './notifications.events.js';
import { PushDeliveriesRepository } from './push-deliveries.repository.js';
import { MAX_PUSHES_PER_SEND } from './push/push-sender.port.js';

/**
 * The first level of the fan-out: resolves the devices of each notification's person into pending
 * deliveries, batched one provider call each, and starts one push.deliver job per batch (through
 * the outbox, in the caller's transaction).
 */
@Injectable()
export class PushPlanner {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly deliveries: PushDeliveriesRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Plans the pushes of notifications the caller has locked or just stored; answers how many
   * batches. `storedPlanned`: the caller stored them with push_planned_at already set (a fan-out's
   * set-based insert), which spares updating every row again.
   */
  async plan(tx: EntityManager, notificationIds: string[], { storedPlanned = false } = {}): Promise<number> {
    if (notificationIds.length === 0) return 0;
    const batchIds = await this.deliveries.plan(tx, notificationIds, MAX_PUSHES_PER_SEND);
    if (!storedPlanned) await this.notifications.markPlanned(tx, notificationIds);
    for (const batchId of batchIds) await this.outbox.publish(tx, PushBatchPlanned, { batchId });
    return batchIds.length;
  }
}
