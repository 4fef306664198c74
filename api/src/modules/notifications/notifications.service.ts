import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import {
  UNREAD_PREVIEW_SIZE,
  type NotificationListView,
  type NotificationView,
  type ReadAllView,
  type UnreadView,
} from '../../contracts/notifications.contract.js';
import { paginate, type PageQuery } from '../../contracts/event/pagination.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { notificationView } from './notification.views.js';
import { NotificationNotFoundError } from './notifications.errors.js';
import { MAX_NOTIFICATIONS_PER_EVENT, NotificationsCreated } from './notifications.events.js';
import { NotificationsRepository, type GroupedNotification, type NewNotification } from './notifications.repository.js';

/** The inbox: what other modules record for people, and what people do with it. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Records notifications inside the caller's transaction, with the change they tell of; their
   * pushes follow from the outbox once it commits. One with a dedupe key the person already has is
   * skipped. Answers the ids stored.
   */
  async notify(tx: EntityManager, ...notifications: NewNotification[]): Promise<string[]> {
    const ids = await this.notifications.insert(tx, notifications);
    for (let start = 0; start < ids.length; start += MAX_NOTIFICATIONS_PER_EVENT) {
      await this.outbox.publish(tx, NotificationsCreated, { notificationIds: ids.slice(start, start + MAX_NOTIFICATIONS_PER_EVENT) });
    }
    return ids;
  }

  /** Inside the caller's transaction: the same notification to every admin (something only they can put right). */
  async notifyAdmins(tx: EntityManager, notification: Omit<NewNotification, 'userId'>): Promise<string[]> {
    const admins = await this.notifications.adminIds(tx);
    return this.notify(tx, ...admins.map((userId) => ({ ...notification, userId })));
  }

  /**
   * Records that one more person did something the notification's group gathers (liked or commented
   * on a post), inside the caller's transaction: the person's unread notification of that group
   * names them and counts them once, or a new one is stored and pushed. Only a new one is pushed: a
   * busy post does not ring its author's phone for every like.
   */
  async notifyGrouped(tx: EntityManager, notification: GroupedNotification): Promise<void> {
    const storedId = await this.notifications.upsertGrouped(tx, notification);
    if (storedId) await this.outbox.publish(tx, NotificationsCreated, { notificationIds: [storedId] });
  }

  async list(userId: string, { page, limit }: PageQuery): Promise<NotificationListView> {
    const [[rows, total], unreadCount] = await Promise.all([
      this.notifications.page(userId, page, limit),
      this.notifications.unreadCount(userId),
    ]);
    return { notifications: rows.map(notificationView), pagination: paginate(page, limit, total), unreadCount };
  }

  unreadCount(userId: string): Promise<number> {
    return this.notifications.unreadCount(userId);
  }

  async unread(userId: string): Promise<UnreadView> {
    const [count, latest] = await Promise.all([
      this.notifications.unreadCount(userId),
      this.notifications.latestUnread(userId, UNREAD_PREVIEW_SIZE),
    ]);
    return { count, latest: latest.map(notificationView) };
  }

  /** `opened`: the person followed it to its page (from the inbox or a push), which the figures count. */
  async markRead(userId: string, id: string, opened: boolean): Promise<NotificationView> {
    const notification = await this.notifications.markRead(userId, id, opened);
    if (!notification) throw new NotificationNotFoundError();
    return notificationView(notification);
  }

  async markAllRead(userId: string): Promise<ReadAllView> {
    return { updated: await this.notifications.markAllRead(userId) };
  }

  async dismiss(userId: string, id: string): Promise<void> {
    if (!(await this.notifications.dismiss(userId, id))) throw new NotificationNotFoundError();
  }
}
