import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { NotificationsRepository, type NewNotification } from './notifications.repository.js';

/**
 * Records in-app notifications inside the caller's transaction, with the change they tell of.
 * Delivery (the inbox, push) belongs to the notifications issue.
 */
@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  notify(tx: EntityManager, ...notifications: NewNotification[]): Promise<void> {
    return this.notifications.insert(tx, notifications);
  }
}
