import { Notification } from './entities/notification.entity.js';

export const NOTIFICATIONS_ENTITIES = [Notification];
