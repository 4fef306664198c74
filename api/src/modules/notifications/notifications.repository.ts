import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { Notification } from './entities/notification.entity.js';

export type NewNotification = Pick<Notification, 'userId' | 'type'> &
  Partial<Pick<Notification, 'eventId' | 'eventTitle' | 'applicationId' | 'fanId' | 'amount'>>;

/** The notification table, all of its SQL. */
@Injectable()
export class NotificationsRepository {
  async insert(tx: EntityManager, notifications: NewNotification[]): Promise<void> {
    if (notifications.length > 0) await tx.insert(Notification, notifications);
  }
}
