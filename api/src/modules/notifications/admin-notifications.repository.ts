import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  STATS_TIME_ZONE,
  type Audience,
  type CityAudienceView,
  type DeliveryCounts,
  type NotificationStatsRow,
} from '../../contracts/admin-notifications.contract.js';
import { queryRows } from '../../platform/database/returning.js';
import { audienceFilter } from './audience.js';
import { AdminNotification } from './entities/admin-notification.entity.js';

/** An announcement with what became of it. */
export interface AdminNotificationFigures {
  notification: AdminNotification;
  notified: number;
  opened: number;
  deliveries: DeliveryCounts;
}

/** What one chunk of a fan-out did. */
export interface FanOutChunk {
  /** The last person of the chunk (the next one starts after them); null when none were left. */
  lastUserId: string | null;
  /** Notifications written now (people who had it already are skipped). */
  notificationIds: string[];
}

/** The campaign's dedupe key: each person gets an announcement once, however often its fan-out runs. */
export const campaignDedupeKey = (id: string) => `campaign:${id}`;

const FIRST_USER_ID = '00000000-0000-0000-0000-000000000000';

interface FiguresRow {
  id: string;
  notified: number;
  opened: number;
  pending: number;
  delivered: number;
  failed: number;
  pruned: number;
}

/** admin_notification, and the notifications and deliveries of each announcement. */
@Injectable()
export class AdminNotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    tx: EntityManager,
    fields: Omit<AdminNotification, 'id' | 'createdAt' | 'status' | 'recipientCount' | 'startedAt' | 'finishedAt'>,
  ) {
    const { identifiers } = await tx.insert(AdminNotification, fields);
    return tx.findOneByOrFail(AdminNotification, { id: identifiers[0]!.id as string });
  }

  find(id: string): Promise<AdminNotification | null> {
    return this.dataSource.getRepository(AdminNotification).findOneBy({ id });
  }

  async page(page: number, limit: number): Promise<[AdminNotificationFigures[], number]> {
    const [rows, total] = await this.dataSource.getRepository(AdminNotification).findAndCount({
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return [await this.withFigures(rows), total];
  }

  /** Each announcement with its inbox and delivery counts, in one pass over their notifications. */
  async withFigures(notifications: AdminNotification[]): Promise<AdminNotificationFigures[]> {
    if (notifications.length === 0) return [];
    const rows: FiguresRow[] = await this.dataSource.query(
      `SELECT a.id, inbox.notified, inbox.opened, pushes.pending, pushes.delivered, pushes.failed, pushes.pruned
         FROM unnest($1::uuid[]) AS a(id)
         CROSS JOIN LATERAL (
           SELECT count(*)::int AS notified, count(n.opened_at)::int AS opened FROM notification n WHERE n.campaign_id = a.id
         ) inbox
         CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
                  count(*) FILTER (WHERE d.status = 'delivered')::int AS delivered,
                  count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
                  count(*) FILTER (WHERE d.status = 'pruned')::int AS pruned
             FROM notification n JOIN push_delivery d ON d.notification_id = n.id
            WHERE n.campaign_id = a.id
         ) pushes`,
      [notifications.map(({ id }) => id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return notifications.map((notification) => {
      const { notified, opened, pending, delivered, failed, pruned } = byId.get(notification.id)!;
      return { notification, notified, opened, deliveries: { pending, delivered, failed, pruned } };
    });
  }

  async audienceSize(audience: Audience): Promise<number> {
    const filter = audienceFilter(audience, 1);
    const rows: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM users u WHERE ${filter.sql}`,
      filter.params,
    );
    return rows[0]!.count;
  }

  /** Those of `ids` that are no account, or a deleted one. */
  async unknownUsers(ids: string[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT wanted.id::text AS id FROM unnest($1::uuid[]) AS wanted(id)
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = wanted.id AND u.deleted_at IS NULL)`,
      [ids],
    );
    return rows.map(({ id }) => id);
  }

  /** Cities people live in (as their profiles name them), most people first. */
  cities(limit: number): Promise<CityAudienceView[]> {
    return this.dataSource.query(
      `SELECT max(city) AS city, count(*)::int AS audience FROM users
        WHERE deleted_at IS NULL AND city_key IS NOT NULL
        GROUP BY city_key ORDER BY audience DESC, city_key LIMIT $1`,
      [limit],
    );
  }

  /** Takes a due scheduled announcement for sending; null when it is not due, or was taken already. */
  async claim(id: string): Promise<AdminNotification | null> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE admin_notification SET status = 'sending', started_at = now()
        WHERE id = $1 AND status = 'scheduled' AND send_at <= now() RETURNING id`,
      [id],
    );
    return rows.length > 0 ? this.find(id) : null;
  }

  async setExpectedRecipients(id: string, count: number): Promise<void> {
    await this.dataSource.query(`UPDATE admin_notification SET recipient_count = $2 WHERE id = $1 AND status = 'sending'`, [id, count]);
  }

  /**
   * Writes the announcement to the inbox of the next `size` people of its audience after `afterUserId`
   * (in id order), in one statement; people who have it already are skipped. The rows are stored
   * marked planned: the caller plans their pushes in the same transaction.
   */
  async fanOutChunk(tx: EntityManager, notification: AdminNotification, afterUserId: string | null, size: number): Promise<FanOutChunk> {
    const filter = audienceFilter(notification.audience, 10);
    const rows: Array<{ last_user_id: string | null; ids: string[] }> = await tx.query(
      `WITH recipients AS (
         SELECT u.id FROM users u WHERE u.id > $1 AND ${filter.sql} ORDER BY u.id LIMIT $2
       ), inserted AS (
         INSERT INTO notification (user_id, type, title, body, link, image_url, campaign_id, dedupe_key, push_planned_at)
         SELECT id, $3, $4, $5, $6, $7, $8::uuid, $9, now() FROM recipients
         ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
         RETURNING id
       )
       SELECT (SELECT id FROM recipients ORDER BY id DESC LIMIT 1) AS last_user_id,
              coalesce((SELECT array_agg(id) FROM inserted), '{}') AS ids`,
      [
        afterUserId ?? FIRST_USER_ID,
        size,
        notification.type,
        notification.title,
        notification.body,
        notification.link,
        notification.imageUrl,
        notification.id,
        campaignDedupeKey(notification.id),
        ...filter.params,
      ],
    );
    return { lastUserId: rows[0]!.last_user_id, notificationIds: rows[0]!.ids };
  }

  /** Marks it sent with how many got it. */
  async finish(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE admin_notification
          SET status = 'sent', finished_at = now(),
              recipient_count = (SELECT count(*) FROM notification WHERE campaign_id = $1)
        WHERE id = $1 AND status = 'sending'`,
      [id],
    );
  }

  /** Scheduled announcements whose time has come, the longest waiting first. */
  async dueScheduled(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM admin_notification WHERE status = 'scheduled' AND send_at <= now() ORDER BY send_at LIMIT $1`,
      [limit],
    );
    return rows.map(({ id }) => id);
  }

  /**
   * Announcements due for `idleMs` and not sent: still scheduled, or sending with no inbox write for
   * that long (their fan-out stopped).
   */
  async stalled(idleMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT a.id FROM admin_notification a
        WHERE a.status IN ('scheduled', 'sending')
          AND a.send_at < now() - make_interval(secs => $1 / 1000.0)
          AND (a.status = 'scheduled' OR greatest(a.started_at,
                (SELECT max(n.created_at) FROM notification n WHERE n.campaign_id = a.id)) < now() - make_interval(secs => $1 / 1000.0))
        ORDER BY a.send_at LIMIT $2`,
      [idleMs, limit],
    );
    return rows.map(({ id }) => id);
  }

  /**
   * Puts the announcement's failed deliveries back to pending in new batches of at most `batchSize`
   * (the same way the planner batches them). Answers the new batches and how many were retried.
   * Only those still worth a push, as the planner would judge them now: not of a type the person has
   * muted since, not read or dismissed in the inbox, and not older than a day (stale news); the rest
   * stay failed.
   */
  async requeueFailed(tx: EntityManager, id: string, batchSize: number): Promise<{ batchIds: string[]; retried: number }> {
    const rows = await queryRows<{ batch_id: string }>(
      tx,
      `WITH failed AS (
         SELECT d.notification_id, d.device_id,
                (row_number() OVER (ORDER BY d.kind, d.notification_id, d.device_id) - 1) / $2 AS chunk
           FROM push_delivery d JOIN notification n ON n.id = d.notification_id
          WHERE n.campaign_id = $1 AND d.status = 'failed'
            AND n.read_at IS NULL AND n.dismissed_at IS NULL AND n.created_at > now() - interval '1 day'
            AND NOT EXISTS (SELECT 1 FROM notification_mute m WHERE m.user_id = n.user_id AND m.type = n.type)
       ), batches AS MATERIALIZED (
         SELECT chunk, gen_random_uuid() AS batch_id FROM (SELECT DISTINCT chunk FROM failed) chunks
       )
       UPDATE push_delivery d SET status = 'pending', batch_id = b.batch_id, last_error = NULL, updated_at = now()
         FROM failed f JOIN batches b USING (chunk)
        WHERE d.notification_id = f.notification_id AND d.device_id = f.device_id AND d.status = 'failed'
       RETURNING d.batch_id`,
      [id, batchSize],
    );
    return { batchIds: [...new Set(rows.map(({ batch_id }) => batch_id))], retried: rows.length };
  }

  /** Whether any push of the announcement failed (retried or not). */
  async hasFailed(tx: EntityManager, id: string): Promise<boolean> {
    const rows: Array<{ failed: boolean }> = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM push_delivery d JOIN notification n ON n.id = d.notification_id
                       WHERE n.campaign_id = $1 AND d.status = 'failed') AS failed`,
      [id],
    );
    return rows[0]!.failed;
  }

  /** Devices a notification's push was planned to. */
  async plannedDevices(tx: EntityManager, notificationId: string): Promise<number> {
    const rows: Array<{ count: number }> = await tx.query('SELECT count(*)::int AS count FROM push_delivery WHERE notification_id = $1', [
      notificationId,
    ]);
    return rows[0]!.count;
  }

  /** Every type's figures per India day from `from` to `to` (YYYY-MM-DD, both included), by creation day. */
  stats(from: string, to: string): Promise<NotificationStatsRow[]> {
    return this.dataSource.query(
      `SELECT to_char(n.created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, n.type,
              count(*)::int AS sent,
              coalesce(sum(d.delivered), 0)::int AS delivered,
              coalesce(sum(d.failed), 0)::int AS failed,
              count(n.opened_at)::int AS opened
         FROM notification n
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status = 'delivered') AS delivered, count(*) FILTER (WHERE status = 'failed') AS failed
             FROM push_delivery WHERE notification_id = n.id
         ) d ON true
        WHERE n.created_at >= ($1::date)::timestamp AT TIME ZONE $3
          AND n.created_at < ($2::date + 1)::timestamp AT TIME ZONE $3
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [from, to, STATS_TIME_ZONE],
    );
  }
}
