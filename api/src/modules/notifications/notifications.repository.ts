import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { PUSH_ONLY_TYPE } from '../../contracts/notification-types.js';
import { audienceFilter } from './audience.js';
import { Notification } from './entities/notification.entity.js';

export type NewNotification = Pick<Notification, 'userId' | 'type'> &
  Partial<
    Pick<
      Notification,
      'eventId' | 'eventTitle' | 'applicationId' | 'fanId' | 'amount' | 'title' | 'body' | 'link' | 'imageUrl' | 'dedupeKey'
    >
  >;

/** One notification that gathers what several people did to one thing (likes of a post). */
export type GroupedNotification = Pick<Notification, 'userId' | 'type'> & {
  fanId: string;
  groupKey: string;
  /** Whether someone already in it doing it again is news (a new comment is; a like taken back and given again is not). */
  repeatIsNews: boolean;
} & Partial<Pick<Notification, 'eventId' | 'eventTitle' | 'link' | 'imageUrl'>>;

/** The most people one grouped notification keeps (it still says "and 999 others" past it). */
export const MAX_GROUPED_ACTORS = 1_000;

/** In upsertGrouped: the one told of ($3) changes nothing new: a repeat that is not news ($10), by someone in it or past its cap ($9). */
const OLD_NEWS = `NOT $10::boolean AND (EXCLUDED.fan_id = ANY(notification.actor_ids) OR cardinality(notification.actor_ids) >= $9)`;

const INSERTED_COLUMNS = [
  'userId',
  'type',
  'eventId',
  'eventTitle',
  'applicationId',
  'fanId',
  'amount',
  'title',
  'body',
  'link',
  'imageUrl',
  'dedupeKey',
] as const;

/** What the inbox lists: not dismissed, and not a push-only kind (chat messages). */
const IN_INBOX: FindOptionsWhere<Notification> = { dismissedAt: IsNull(), type: Not(PUSH_ONLY_TYPE) };

/** The notification table: the inbox's reads and writes. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores the notifications; one whose dedupe key the person already has is skipped. Answers the
   * ids of those stored.
   */
  async insert(tx: EntityManager, notifications: NewNotification[]): Promise<string[]> {
    if (notifications.length === 0) return [];
    const rows = notifications.map((notification) =>
      Object.fromEntries(INSERTED_COLUMNS.map((column) => [column, notification[column] ?? null])),
    );
    const result = await tx
      .createQueryBuilder()
      .insert()
      .into(Notification)
      .values(rows)
      .orIgnore('("user_id", "dedupe_key") WHERE dedupe_key IS NOT NULL')
      .returning(['id'])
      .execute();
    return (result.raw as Array<{ id: string }>).map(({ id }) => id);
  }

  /**
   * Adds `actorId` to the person's unread notification with this group key, moving it to the top of
   * the inbox, or stores a new one. The person is added once (a repeated job changes no count); at
   * MAX_GROUPED_ACTORS the list stops growing. Unless a repeat is news, someone already in it (or
   * anyone once it is full) neither moves it nor becomes the one it names. Answers the id when a new
   * notification was stored.
   */
  async upsertGrouped(tx: EntityManager, notification: GroupedNotification): Promise<string | null> {
    const rows: Array<{ id: string; inserted: boolean }> = await tx.query(
      `INSERT INTO notification (user_id, type, fan_id, event_id, event_title, link, image_url, group_key, actor_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ARRAY[$3]::uuid[])
       ON CONFLICT (user_id, group_key) WHERE group_key IS NOT NULL AND read_at IS NULL AND dismissed_at IS NULL
       DO UPDATE SET fan_id = CASE WHEN ${OLD_NEWS} THEN notification.fan_id ELSE EXCLUDED.fan_id END,
                     created_at = CASE WHEN ${OLD_NEWS} THEN notification.created_at ELSE now() END,
                     actor_ids = CASE
                       WHEN EXCLUDED.fan_id = ANY(notification.actor_ids) OR cardinality(notification.actor_ids) >= $9
                       THEN notification.actor_ids
                       ELSE notification.actor_ids || EXCLUDED.fan_id
                     END
       RETURNING id, (xmax = 0) AS inserted`,
      [
        notification.userId,
        notification.type,
        notification.fanId,
        notification.eventId ?? null,
        notification.eventTitle ?? null,
        notification.link ?? null,
        notification.imageUrl ?? null,
        notification.groupKey,
        MAX_GROUPED_ACTORS,
        notification.repeatIsNews,
      ],
    );
    const row = rows[0]!;
    return row.inserted ? row.id : null;
  }

  page(userId: string, page: number, limit: number): Promise<[Notification[], number]> {
    return this.dataSource.getRepository(Notification).findAndCount({
      where: { userId, ...IN_INBOX },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
  }

  latestUnread(userId: string, limit: number): Promise<Notification[]> {
    return this.dataSource.getRepository(Notification).find({
      where: { userId, readAt: IsNull(), ...IN_INBOX },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** The ids of every admin whose account is not deleted (the admin audience of announcements). */
  async adminIds(tx: EntityManager): Promise<string[]> {
    const { sql, params } = audienceFilter({ kind: 'role', role: 'admin' }, 1);
    const rows: Array<{ id: string }> = await tx.query(`SELECT u.id FROM users u WHERE ${sql}`, params);
    return rows.map((row) => row.id);
  }

  unreadCount(userId: string): Promise<number> {
    return this.dataSource.getRepository(Notification).count({ where: { userId, readAt: IsNull(), ...IN_INBOX } });
  }

  /** Marks one of the person's notifications read (and opened); null when they have no such notification. */
  async markRead(userId: string, id: string, opened: boolean): Promise<Notification | null> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Notification)
      .set({ readAt: () => 'coalesce(read_at, now())', ...(opened ? { openedAt: () => 'coalesce(opened_at, now())' } : {}) })
      .where('id = :id AND user_id = :userId AND dismissed_at IS NULL', { id, userId })
      .execute();
    return result.affected ? this.dataSource.getRepository(Notification).findOneBy({ id }) : null;
  }

  async markAllRead(userId: string): Promise<number> {
    const result = await this.dataSource
      .getRepository(Notification)
      .update({ userId, readAt: IsNull(), ...IN_INBOX }, { readAt: () => 'now()' });
    return result.affected ?? 0;
  }

  /** Takes it out of the inbox; the row stays for the delivery figures. False when there is no such notification. */
  async dismiss(userId: string, id: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Notification)
      .set({ dismissedAt: () => 'now()', readAt: () => 'coalesce(read_at, now())' })
      .where('id = :id AND user_id = :userId AND dismissed_at IS NULL', { id, userId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Notifications whose pushes are not planned yet, locked for the caller's transaction (others skip them). */
  lockUnplanned(tx: EntityManager, ids: string[]): Promise<Notification[]> {
    return tx
      .getRepository(Notification)
      .createQueryBuilder('notification')
      .where('notification.id = ANY(:ids) AND notification.push_planned_at IS NULL', { ids })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  async markPlanned(tx: EntityManager, ids: string[]): Promise<void> {
    if (ids.length > 0) await tx.query('UPDATE notification SET push_planned_at = now() WHERE id = ANY($1)', [ids]);
  }

  /** Notifications stored between `olderThanMs` and `withinMs` ago whose pushes were never planned. */
  async unplanned(olderThanMs: number, withinMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM notification
        WHERE push_planned_at IS NULL
          AND created_at < now() - make_interval(secs => $1 / 1000.0)
          AND created_at > now() - make_interval(secs => $2 / 1000.0)
        ORDER BY created_at LIMIT $3`,
      [olderThanMs, withinMs, limit],
    );
    return rows.map(({ id }) => id);
  }

  /** Every notification of a person, for account erasure. */
  async deleteAllOf(tx: EntityManager, userId: string): Promise<void> {
    await tx.query('DELETE FROM notification WHERE user_id = $1', [userId]);
  }
}
