import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** Most notifications one event names (a fan-out of more is split). */
export const MAX_NOTIFICATIONS_PER_EVENT = 1_000;

/** Notifications were stored: the notification.push job plans their pushes. */
export const NotificationsCreated = defineDomainEvent(
  'notification.created',
  z.object({ notificationIds: z.array(z.uuid()).min(1).max(MAX_NOTIFICATIONS_PER_EVENT) }),
);

/** A batch of deliveries (at most one provider call's worth) is planned: push.deliver sends it. */
export const PushBatchPlanned = defineDomainEvent('push.batch_planned', z.object({ batchId: z.uuid() }));
