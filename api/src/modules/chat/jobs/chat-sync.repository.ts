import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Work a job that missed its turn still has: this long after the change, its own job should have done it. */
const SYNC_DUE_AFTER_MS = 60_000;

export interface ApplicationOfFan {
  applicationId: string;
  eventId: string;
  fanId: string;
}

const dueAfter = `now() - make_interval(secs => ${SYNC_DUE_AFTER_MS} / 1000.0)`;

/**
 * The membership jobs' findDue: what events and applications changed that the chat does not show
 * yet, newest first, so work a recent job lost is never behind a long tail of older rows. Read-only
 * joins of the events and applications tables with the chat's (their modules own every write): no
 * port could answer "accepted, and no member row" without reading every accepted application. A
 * job's check of one application goes through EventApplicants instead.
 */
@Injectable()
export class ChatSyncRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Listed events (published, not cancelled, not deleted) that never had a room. A room the host
   * deleted counts as had: it is not made again.
   */
  async eventsWithoutRoom(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT e.id FROM event e
        WHERE e.moderation_status = 'published' AND e.status <> 'cancelled' AND e.deleted_at IS NULL
          AND e.created_at < ${dueAfter}
          AND NOT EXISTS (SELECT 1 FROM chat_room r WHERE r.event_id = e.id)
        ORDER BY e.created_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map(({ id }) => id);
  }

  /** Accepted fans (accounts not deleted) with no member row at all in their event's room. */
  async acceptedWithoutMember(limit: number): Promise<ApplicationOfFan[]> {
    return this.dataSource.query(
      `SELECT a.id AS "applicationId", a.event_id AS "eventId", a.fan_id AS "fanId"
         FROM application a
         JOIN users u ON u.id = a.fan_id AND u.deleted_at IS NULL
         JOIN chat_room r ON r.event_id = a.event_id AND r.deleted_at IS NULL
        WHERE a.status = 'accepted' AND a.decided_at < ${dueAfter}
          AND NOT EXISTS (SELECT 1 FROM chat_member m WHERE m.room_id = r.id AND m.user_id = a.fan_id)
        ORDER BY a.decided_at DESC LIMIT $1`,
      [limit],
    );
  }

  /**
   * Members who joined through an application that has since ended (an accepted one moved on: it
   * was decided, and is no longer accepted), while no other application of theirs is accepted, in
   * rooms of events that stand (a cancelled event's attendees stay to read its closed room).
   */
  async endedStillMember(limit: number): Promise<ApplicationOfFan[]> {
    return this.dataSource.query(
      `SELECT ended.id AS "applicationId", r.event_id AS "eventId", m.user_id AS "fanId"
         FROM chat_member m
         JOIN chat_room r ON r.id = m.room_id AND r.deleted_at IS NULL AND r.status = 'open'
         JOIN event e ON e.id = r.event_id AND e.status <> 'cancelled' AND e.deleted_at IS NULL
         JOIN LATERAL (
           SELECT a.id, a.updated_at FROM application a
            WHERE a.event_id = r.event_id AND a.fan_id = m.user_id
              AND a.decided_at IS NOT NULL AND a.status IN ('cancelled', 'withdrawn', 'left', 'refunded')
            ORDER BY a.updated_at DESC LIMIT 1
         ) ended ON true
        WHERE m.left_at IS NULL AND m.source = 'application' AND ended.updated_at < ${dueAfter}
          AND NOT EXISTS (
            SELECT 1 FROM application live WHERE live.event_id = r.event_id AND live.fan_id = m.user_id AND live.status = 'accepted'
          )
        ORDER BY ended.updated_at DESC LIMIT $1`,
      [limit],
    );
  }

  /** Events cancelled (or deleted, which cancels first) whose room is still open. */
  async cancelledWithOpenRoom(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT e.id FROM chat_room r JOIN event e ON e.id = r.event_id
        WHERE r.status = 'open' AND r.deleted_at IS NULL
          AND (e.status = 'cancelled' OR e.deleted_at IS NOT NULL)
          AND coalesce(e.cancelled_at, e.deleted_at) < ${dueAfter}
        ORDER BY coalesce(e.cancelled_at, e.deleted_at) DESC LIMIT $1`,
      [limit],
    );
    return rows.map(({ id }) => id);
  }
}
