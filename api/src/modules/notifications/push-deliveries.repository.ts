import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type NotificationType } from '../../contracts/notification-types.js';
import { type DeviceKind } from './entities/push-device.entity.js';
import { fanNameOf } from './entities/notification.entity.js';

/** A pending delivery with what sending it needs: the device (if it is still the person's) and the notification. */
export interface PendingDelivery {
  notificationId: string;
  deviceId: string;
  kind: DeviceKind;
  /** Null when the device was removed, or now belongs to someone else. */
  token: string | null;
  p256dh: string | null;
  auth: string | null;
  userId: string;
  type: NotificationType;
  eventId: string | null;
  eventTitle: string | null;
  fanId: string | null;
  /** The fan's name as it is now (host-facing kinds name who applied). */
  fanName: string | null;
  /** The people a grouped notification (a post's likes) tells of. */
  actorIds: string[];
  amount: number | null;
  title: string | null;
  body: string | null;
  link: string | null;
  imageUrl: string | null;
}

/** What a send did to one delivery. `retry` keeps it pending. */
export interface DeliveryResult {
  notificationId: string;
  deviceId: string;
  result: 'delivered' | 'pruned' | 'failed' | 'retry';
  error: string | null;
}

/** push_delivery: one row per (notification, device). PostgreSQL says which pushes are still due. */
@Injectable()
export class PushDeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Writes a pending delivery for every device of each notification's person, unless they muted its
   * type, in batches of at most `batchSize`; a (notification, device) planned before is left as it is.
   * Answers the new batches' ids.
   */
  async plan(tx: EntityManager, notificationIds: string[], batchSize: number): Promise<string[]> {
    const rows: Array<{ batch_id: string }> = await tx.query(
      `WITH targets AS (
         SELECT n.id AS notification_id, d.id AS device_id, d.kind,
                (row_number() OVER (ORDER BY d.kind, n.id, d.id) - 1) / $2 AS chunk
           FROM notification n
           JOIN push_device d ON d.user_id = n.user_id
           LEFT JOIN notification_mute m ON m.user_id = n.user_id AND m.type = n.type
          WHERE n.id = ANY($1) AND m.user_id IS NULL
       ), batches AS MATERIALIZED (
         SELECT chunk, gen_random_uuid() AS batch_id FROM (SELECT DISTINCT chunk FROM targets) chunks
       ), inserted AS (
         INSERT INTO push_delivery (notification_id, device_id, batch_id, kind)
         SELECT t.notification_id, t.device_id, b.batch_id, t.kind FROM targets t JOIN batches b USING (chunk)
         ON CONFLICT DO NOTHING
         RETURNING batch_id
       )
       SELECT DISTINCT batch_id FROM inserted`,
      [notificationIds, batchSize],
    );
    return rows.map(({ batch_id }) => batch_id);
  }

  pendingOfBatch(batchId: string): Promise<PendingDelivery[]> {
    return this.dataSource.query(
      `SELECT d.notification_id AS "notificationId", d.device_id AS "deviceId", d.kind,
              pd.token, pd.p256dh, pd.auth,
              n.user_id AS "userId", n.type, n.event_id AS "eventId", n.event_title AS "eventTitle",
              n.fan_id AS "fanId", ${fanNameOf('n')} AS "fanName", n.actor_ids AS "actorIds",
              n.amount, n.title, n.body, n.link, n.image_url AS "imageUrl"
         FROM push_delivery d
         JOIN notification n ON n.id = d.notification_id
         LEFT JOIN push_device pd ON pd.id = d.device_id AND pd.user_id = n.user_id
        WHERE d.batch_id = $1 AND d.status = 'pending'
        ORDER BY d.notification_id, d.device_id`,
      [batchId],
    );
  }

  /** Records what the sends did, in one statement; a retry stays pending with its attempt counted. */
  async record(tx: EntityManager, results: ReadonlyArray<DeliveryResult>): Promise<void> {
    if (results.length === 0) return;
    await tx.query(
      `UPDATE push_delivery d
          SET status = CASE r.result WHEN 'retry' THEN 'pending' ELSE r.result END,
              attempts = d.attempts + 1, last_error = r.error, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[]) AS r(notification_id, device_id, result, error)
        WHERE d.notification_id = r.notification_id AND d.device_id = r.device_id AND d.status = 'pending'`,
      [
        results.map(({ notificationId }) => notificationId),
        results.map(({ deviceId }) => deviceId),
        results.map(({ result }) => result),
        results.map(({ error }) => error),
      ],
    );
  }

  /** The batch's last attempt failed: what is still pending is failed, with the reason. */
  async failPending(batchId: string, reason: string): Promise<number> {
    const result: [unknown, number] = await this.dataSource.query(
      `UPDATE push_delivery SET status = 'failed', last_error = coalesce(last_error, $2), updated_at = now()
        WHERE batch_id = $1 AND status = 'pending'`,
      [batchId, reason],
    );
    return result[1];
  }

  /** Batches with deliveries still pending, planned between `olderThanMs` and `withinMs` ago. */
  async dueBatches(olderThanMs: number, withinMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ batch_id: string }> = await this.dataSource.query(
      `SELECT batch_id FROM push_delivery
        WHERE status = 'pending'
          AND created_at < now() - make_interval(secs => $1 / 1000.0)
          AND created_at > now() - make_interval(secs => $2 / 1000.0)
        GROUP BY batch_id ORDER BY min(created_at) LIMIT $3`,
      [olderThanMs, withinMs, limit],
    );
    return rows.map(({ batch_id }) => batch_id);
  }
}
