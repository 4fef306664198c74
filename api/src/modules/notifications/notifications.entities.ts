import { AdminNotification } from './entities/admin-notification.entity.js';
import { NotificationMute } from './entities/notification-mute.entity.js';
import { Notification } from './entities/notification.entity.js';
import { PushDelivery } from './entities/push-delivery.entity.js';
import { PushDevice } from './entities/push-device.entity.js';

export const NOTIFICATIONS_ENTITIES = [Notification, PushDevice, PushDelivery, NotificationMute, AdminNotification];
