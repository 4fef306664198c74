import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CalendarLimits } from '../../contracts/calendar.contract.js';
import { DATE_TO_BE_DECIDED } from '../../contracts/event/dates.js';
import { RatingLimits } from '../../contracts/ratings.contract.js';
import { queryRows } from '../../platform/database/returning.js';
import { type InviteRow } from './calendar-invites.js';

/** Dates from here on are the "to be decided" placeholder (dates.ts: within a day of it). */
const UNDECIDED_FROM = new Date(Date.parse(DATE_TO_BE_DECIDED) - 86_400_000);

const INVITE_COLUMNS = `e.id, e.title, e.description, e.date, e.end_date AS "endDate", e.location,
  e.estimated_location AS "estimatedLocation", e.status, e.calendar_sequence AS sequence,
  e.updated_at AS "updatedAt", u.name AS "hostName"`;

/**
 * The application `a` puts the person in event `e`'s calendar: accepted, or accepted until the event
 * was cancelled (decided_at is set only by accepting or rejecting, and a rejected one never moves on).
 */
const ATTENDING = `(a.status = 'accepted' OR (a.status = 'cancelled' AND a.decided_at IS NOT NULL AND e.status = 'cancelled'))`;

/** Still worth a calendar entry: cancelled lately, or not ended long ago. */
const STILL_SHOWN = `CASE WHEN e.status = 'cancelled'
    THEN coalesce(e.cancelled_at, e.updated_at) > now() - make_interval(days => ${CalendarLimits.cancelledShownDays})
    ELSE coalesce(e.end_date, e.date + make_interval(hours => ${RatingLimits.defaultDurationHours}))
      > now() - make_interval(days => ${CalendarLimits.endedShownDays}) END`;

export interface InviteAccess extends InviteRow {
  hostId: string;
  moderationStatus: string;
  /** The asker's application puts them in the event's calendar. */
  attending: boolean;
}

/**
 * calendar_feed (owned here), and the read-only view of events, their hosts' names and the
 * applications that say who goes (owned by events, users and applications; never written here).
 */
@Injectable()
export class CalendarRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The event (not deleted) with whether `userId` attends it; undefined when missing. */
  async inviteFor(eventId: string, userId: string): Promise<InviteAccess | undefined> {
    const rows: InviteAccess[] = await this.dataSource.query(
      `SELECT ${INVITE_COLUMNS}, e.host_id AS "hostId", e.moderation_status AS "moderationStatus",
              EXISTS (SELECT 1 FROM application a WHERE a.event_id = e.id AND a.fan_id = $2 AND ${ATTENDING}) AS attending
         FROM event e JOIN users u ON u.id = e.host_id
        WHERE e.id = $1 AND e.deleted_at IS NULL`,
      [eventId, userId],
    );
    return rows[0];
  }

  /**
   * The person's feed: the events they host or attend, dated (not "to be decided"), not deleted,
   * upcoming or lately ended or cancelled; soonest first, at most feedMaxEvents.
   */
  async feedEvents(userId: string): Promise<InviteRow[]> {
    return this.dataSource.query(
      `SELECT ${INVITE_COLUMNS}
         FROM event e JOIN users u ON u.id = e.host_id
        WHERE e.deleted_at IS NULL AND e.date < $2 AND ${STILL_SHOWN}
          AND (e.host_id = $1 OR EXISTS (SELECT 1 FROM application a WHERE a.event_id = e.id AND a.fan_id = $1 AND ${ATTENDING}))
        ORDER BY e.date, e.id LIMIT ${CalendarLimits.feedMaxEvents}`,
      [userId, UNDECIDED_FROM],
    );
  }

  /** When the person's feed was made; undefined when they have none. */
  async feedCreatedAt(userId: string): Promise<Date | undefined> {
    const rows: Array<{ created_at: Date }> = await this.dataSource.query('SELECT created_at FROM calendar_feed WHERE user_id = $1', [
      userId,
    ]);
    return rows[0]?.created_at;
  }

  /** Makes the person's feed, or gives it a new token (the old one stops matching at once). */
  async replaceFeed(userId: string, tokenHash: string): Promise<Date> {
    const rows: Array<{ created_at: Date }> = await this.dataSource.query(
      `INSERT INTO calendar_feed (user_id, token_hash) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = now()
       RETURNING created_at`,
      [userId, tokenHash],
    );
    return rows[0]!.created_at;
  }

  /** Revokes the person's feed (in `tx` when given: an account's deletion). */
  async deleteFeed(userId: string, tx?: EntityManager): Promise<void> {
    await queryRows(tx ?? this.dataSource, 'DELETE FROM calendar_feed WHERE user_id = $1 RETURNING user_id', [userId]);
  }

  /** Whose feed the token hash opens: a person not deleted nor suspended; undefined otherwise. */
  async feedOwner(tokenHash: string): Promise<string | undefined> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      `SELECT f.user_id FROM calendar_feed f JOIN users u ON u.id = f.user_id
        WHERE f.token_hash = $1 AND u.deleted_at IS NULL AND u.suspended_at IS NULL`,
      [tokenHash],
    );
    return rows[0]?.user_id;
  }
}
