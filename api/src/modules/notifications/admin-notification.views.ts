import { type AdminNotificationView } from '../../contracts/admin-notifications.contract.js';
import { type AdminNotificationFigures } from './admin-notifications.repository.js';

export function adminNotificationView({ notification, notified, opened, deliveries }: AdminNotificationFigures): AdminNotificationView {
  return {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    body: notification.body,
    imageUrl: notification.imageUrl,
    link: notification.link,
    audience: notification.audience,
    sendAt: notification.sendAt.toISOString(),
    status: notification.status,
    recipientCount: notification.recipientCount,
    notified,
    opened,
    deliveries,
    createdBy: notification.createdBy,
    createdAt: notification.createdAt.toISOString(),
    startedAt: notification.startedAt?.toISOString() ?? null,
    finishedAt: notification.finishedAt?.toISOString() ?? null,
  };
}
