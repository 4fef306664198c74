import { type NotificationView } from '../../contracts/notifications.contract.js';
import { type Notification } from './entities/notification.entity.js';
import { notificationText } from './notification-text.js';

export function notificationView(notification: Notification): NotificationView {
  return {
    id: notification.id,
    type: notification.type,
    eventId: notification.eventId,
    eventTitle: notification.eventTitle,
    applicationId: notification.applicationId,
    fanId: notification.fanId,
    amount: notification.amount,
    createdAt: notification.createdAt.toISOString(),
    isRead: notification.readAt !== null,
    ...notificationText(notification),
    imageUrl: notification.imageUrl,
  };
}
