import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** An admin stored an announcement: admin_notification.send fans it out once it is due. */
export const AdminNotificationScheduled = defineDomainEvent('admin_notification.scheduled', z.object({ adminNotificationId: z.uuid() }));
