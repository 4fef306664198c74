import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  STATS_TIME_ZONE,
  type AdminNotificationContent,
  type AdminNotificationInput,
  type AdminNotificationListView,
  type AdminNotificationView,
  type Audience,
  type AudienceSizeView,
  type CityAudienceView,
  type NotificationStatsView,
  type RetryView,
  type StatsQuery,
  type TestNotificationView,
} from '../../contracts/admin-notifications.contract.js';
import { paginate, type PageQuery } from '../../contracts/event/pagination.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { ValidationError } from '../../platform/http/domain-error.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { adminNotificationView } from './admin-notification.views.js';
import {
  AdminNotificationNotFoundError,
  AdminNotificationNotSentError,
  NothingToRetryError,
  NothingWorthRetryingError,
  unknownUsersError,
} from './admin-notifications.errors.js';
import { AdminNotificationScheduled } from './admin-notifications.events.js';
import { AdminNotificationsRepository } from './admin-notifications.repository.js';
import { PushBatchPlanned } from './notifications.events.js';
import { NotificationsRepository } from './notifications.repository.js';
import { PushPlanner } from './push-planner.service.js';
import { MAX_PUSHES_PER_SEND } from './push/push-sender.port.js';

/** The cities list is for a picker: this many is plenty. */
const MAX_CITIES = 200;

const DAY_MS = 86_400_000;

/** Today in India, as YYYY-MM-DD. */
const indiaToday = () => new Date().toLocaleDateString('en-CA', { timeZone: STATS_TIME_ZONE });
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The admin's announcements: composing, sending (through the workers), figures and retries. */
@Injectable()
export class AdminNotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly announcements: AdminNotificationsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly planner: PushPlanner,
    private readonly outbox: OutboxService,
    private readonly audit: AdminAuditLog,
  ) {}

  /** Stores it and starts admin_notification.send with it; the workers send it once it is due. */
  async create(admin: AuthUser, input: AdminNotificationInput): Promise<AdminNotificationView> {
    await this.requireKnownUsers(input.audience);
    const stored = await this.dataSource.transaction(async (tx) => {
      const announcement = await this.announcements.insert(tx, {
        createdBy: admin.id,
        type: input.type,
        title: input.title,
        body: input.body,
        imageUrl: input.image_url,
        link: input.link,
        audience: input.audience,
        sendAt: input.send_at ?? new Date(),
      });
      await this.outbox.publish(tx, AdminNotificationScheduled, { adminNotificationId: announcement.id });
      // The audience as chosen; a list of people by how many (the announcement keeps who).
      const audience = input.audience.kind === 'users' ? { kind: 'users', people: input.audience.user_ids.length } : input.audience;
      await this.audit.record(tx, {
        adminId: admin.id,
        action: 'announcement.scheduled',
        recordType: 'announcement',
        recordId: announcement.id,
        after: { title: input.title, type: input.type, audience, sendAt: announcement.sendAt },
      });
      return announcement;
    });
    return adminNotificationView({
      notification: stored,
      notified: 0,
      opened: 0,
      deliveries: { pending: 0, delivered: 0, failed: 0, pruned: 0 },
    });
  }

  async list({ page, limit }: PageQuery): Promise<AdminNotificationListView> {
    const [rows, total] = await this.announcements.page(page, limit);
    return { notifications: rows.map(adminNotificationView), pagination: paginate(page, limit, total) };
  }

  async get(id: string): Promise<AdminNotificationView> {
    const announcement = await this.announcements.find(id);
    if (!announcement) throw new AdminNotificationNotFoundError();
    const [figures] = await this.announcements.withFigures([announcement]);
    return adminNotificationView(figures!);
  }

  async audienceSize(audience: Audience): Promise<AudienceSizeView> {
    const [count, unknownUserIds] = await Promise.all([
      this.announcements.audienceSize(audience),
      audience.kind === 'users' ? this.announcements.unknownUsers(audience.user_ids) : Promise.resolve([]),
    ]);
    return { count, unknownUserIds };
  }

  cities(): Promise<CityAudienceView[]> {
    return this.announcements.cities(MAX_CITIES);
  }

  /** Into the admin's own inbox, and planned to their own devices at once. */
  async sendTest(admin: AuthUser, content: AdminNotificationContent): Promise<TestNotificationView> {
    return this.dataSource.transaction(async (tx) => {
      const [notificationId] = await this.notifications.insert(tx, [
        { userId: admin.id, type: content.type, title: content.title, body: content.body, link: content.link, imageUrl: content.image_url },
      ]);
      await this.planner.plan(tx, [notificationId!]);
      return { notificationId: notificationId!, devices: await this.announcements.plannedDevices(tx, notificationId!) };
    });
  }

  /** The failed deliveries of a sent announcement go back to the queue, in new batches. */
  async retry(id: string): Promise<RetryView> {
    const announcement = await this.announcements.find(id);
    if (!announcement) throw new AdminNotificationNotFoundError();
    if (announcement.status !== 'sent') throw new AdminNotificationNotSentError();
    return this.dataSource.transaction(async (tx) => {
      const { batchIds, retried } = await this.announcements.requeueFailed(tx, id, MAX_PUSHES_PER_SEND);
      if (retried === 0) throw (await this.announcements.hasFailed(tx, id)) ? new NothingWorthRetryingError() : new NothingToRetryError();
      for (const batchId of batchIds) await this.outbox.publish(tx, PushBatchPlanned, { batchId });
      return { retried };
    });
  }

  /** Defaults to the last STATS_DEFAULT_DAYS days up to today (India time); at most STATS_MAX_DAYS. */
  async stats(query: StatsQuery): Promise<NotificationStatsView> {
    const to = query.to ?? (query.from ? addDays(query.from, STATS_DEFAULT_DAYS - 1) : indiaToday());
    const from = query.from ?? addDays(to, -(STATS_DEFAULT_DAYS - 1));
    if (daysBetween(from, to) < 0) throw new ValidationError('from: must not be after to');
    if (daysBetween(from, to) >= STATS_MAX_DAYS) throw new ValidationError(`to: the range must be at most ${STATS_MAX_DAYS} days`);
    const rows = await this.announcements.stats(from, to);
    const totals = { sent: 0, delivered: 0, failed: 0, opened: 0 };
    for (const row of rows) {
      totals.sent += row.sent;
      totals.delivered += row.delivered;
      totals.failed += row.failed;
      totals.opened += row.opened;
    }
    return { from, to, rows, totals };
  }

  private async requireKnownUsers(audience: Audience): Promise<void> {
    if (audience.kind !== 'users') return;
    const unknown = await this.announcements.unknownUsers(audience.user_ids);
    if (unknown.length > 0) throw unknownUsersError(unknown);
  }
}
