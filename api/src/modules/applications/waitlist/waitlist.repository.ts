import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LIVE_WAITLIST_STATUSES, type WaitlistStatus } from '../../../contracts/waitlist.contract.js';
import { queryRows } from '../../../platform/database/returning.js';

export interface WaitlistEntry {
  id: string;
  eventId: string;
  fanId: string;
  status: WaitlistStatus;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
  createdAt: Date;
}

/** A live entry with its rank among those waiting (null once offered) and what the host's list shows of the fan. */
export interface WaitlistRow extends WaitlistEntry {
  position: number | null;
  fanName: string | null;
  fanPhotoUrl: string | null;
}

const COLUMNS = `w.id, w.event_id AS "eventId", w.fan_id AS "fanId", w.status, w.offered_at AS "offeredAt",
  w.offer_expires_at AS "offerExpiresAt", w.created_at AS "createdAt"`;

/** The rank among waiting entries of the event, by the sequence's position (strict, gap-free). */
const RANK = `CASE WHEN w.status = 'waiting' THEN (SELECT count(*)::int FROM waitlist_entry o
  WHERE o.event_id = w.event_id AND o.status = 'waiting' AND o.position <= w.position) END`;

/** The most entries one list returns. */
const LIST_LIMIT = 500;

/** The waitlist_entry table, all of its SQL. Status changes are conditional moves. */
@Injectable()
export class WaitlistRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new entry at the end of the list, or undefined when the fan already has a live one. */
  async join(tx: EntityManager, eventId: string, fanId: string): Promise<WaitlistEntry | undefined> {
    const [row] = await queryRows<WaitlistEntry>(
      tx,
      `INSERT INTO waitlist_entry AS w (event_id, fan_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [eventId, fanId],
    );
    return row;
  }

  /** The fan's live entry for the event, with its rank. */
  async liveOf(runner: DataSource | EntityManager, eventId: string, fanId: string): Promise<WaitlistRow | undefined> {
    const [row] = await queryRows<WaitlistRow>(
      runner,
      `SELECT ${COLUMNS}, ${RANK} AS position, NULL AS "fanName", NULL AS "fanPhotoUrl" FROM waitlist_entry w
        WHERE w.event_id = $1 AND w.fan_id = $2 AND w.status = ANY($3::text[])`,
      [eventId, fanId, LIVE_WAITLIST_STATUSES],
    );
    return row;
  }

  /** The fan's offer for the event that has not lapsed, locked: taking it must not race its expiry. */
  async lockLiveOffer(tx: EntityManager, eventId: string, fanId: string): Promise<WaitlistEntry | undefined> {
    const [row] = await queryRows<WaitlistEntry>(
      tx,
      `SELECT ${COLUMNS} FROM waitlist_entry w
        WHERE w.event_id = $1 AND w.fan_id = $2 AND w.status = 'offered' AND w.offer_expires_at > now() FOR UPDATE`,
      [eventId, fanId],
    );
    return row;
  }

  /**
   * Both of `heldSeats` and `lockLiveOffer` in one statement (one round trip on the accept path):
   * the seats offers hold, and the fan's own live offer, locked. Call it under the event's lock,
   * which every change of an offer takes, so the count and the offer cannot disagree.
   */
  async heldSeatsAndLockedOffer(
    tx: EntityManager,
    eventId: string,
    fanId: string,
  ): Promise<{ held: number; offered: WaitlistEntry | undefined }> {
    const [row] = await queryRows<WaitlistEntry & { held: number }>(
      tx,
      `WITH offer AS (
         SELECT ${COLUMNS} FROM waitlist_entry w
          WHERE w.event_id = $1 AND w.fan_id = $2 AND w.status = 'offered' AND w.offer_expires_at > now() FOR UPDATE
       )
       SELECT offer.*, held.count AS held
         FROM (SELECT count(*)::int AS count FROM waitlist_entry WHERE event_id = $1 AND status = 'offered') AS held
         LEFT JOIN offer ON true`,
      [eventId, fanId],
    );
    const { held, ...offer } = row!;
    return { held, offered: offer.id ? offer : undefined };
  }

  /** Seats held by offers (lapsed ones hold theirs until the offers job expires them). */
  async heldSeats(runner: DataSource | EntityManager, eventId: string): Promise<number> {
    const rows: Array<{ count: number }> = await runner.query(
      `SELECT count(*)::int AS count FROM waitlist_entry WHERE event_id = $1 AND status = 'offered'`,
      [eventId],
    );
    return rows[0]!.count;
  }

  async waitingCount(runner: DataSource | EntityManager, eventId: string): Promise<number> {
    const rows: Array<{ count: number }> = await runner.query(
      `SELECT count(*)::int AS count FROM waitlist_entry WHERE event_id = $1 AND status = 'waiting'`,
      [eventId],
    );
    return rows[0]!.count;
  }

  /** The live list in order: offers first (they were at the front), then those waiting. */
  async liveRowsOfEvent(eventId: string): Promise<WaitlistRow[]> {
    return queryRows<WaitlistRow>(
      this.dataSource,
      `SELECT ${COLUMNS}, ${RANK} AS position, u.name AS "fanName", u.avatar_url AS "fanPhotoUrl"
         FROM waitlist_entry w JOIN users u ON u.id = w.fan_id
        WHERE w.event_id = $1 AND w.status = ANY($2::text[])
        ORDER BY w.status = 'waiting', w.position LIMIT $3`,
      [eventId, LIVE_WAITLIST_STATUSES, LIST_LIMIT],
    );
  }

  async find(runner: DataSource | EntityManager, id: string): Promise<WaitlistEntry | undefined> {
    const [row] = await queryRows<WaitlistEntry>(runner, `SELECT ${COLUMNS} FROM waitlist_entry w WHERE w.id = $1`, [id]);
    return row;
  }

  /** Lapsed offers of the event become expired; answers them (their fans are told). */
  async expireLapsed(tx: EntityManager, eventId: string): Promise<WaitlistEntry[]> {
    return queryRows<WaitlistEntry>(
      tx,
      `UPDATE waitlist_entry w SET status = 'expired', updated_at = now()
        WHERE w.event_id = $1 AND w.status = 'offered' AND w.offer_expires_at <= now() RETURNING ${COLUMNS}`,
      [eventId],
    );
  }

  /** Offers a seat to each of the first `count` waiting entries, in order. */
  async offerFirst(tx: EntityManager, eventId: string, count: number, expiresAt: Date): Promise<WaitlistEntry[]> {
    return queryRows<WaitlistEntry>(
      tx,
      `UPDATE waitlist_entry w SET status = 'offered', offered_at = now(), offer_expires_at = $3, updated_at = now()
        WHERE w.id IN (SELECT id FROM waitlist_entry WHERE event_id = $1 AND status = 'waiting' ORDER BY position LIMIT $2)
          AND w.status = 'waiting'
        RETURNING ${COLUMNS}`,
      [eventId, count, expiresAt],
    );
  }

  /** Offers a seat to one waiting entry of the event (the host's choice). */
  async offerOne(
    tx: EntityManager,
    eventId: string,
    entryId: string,
    expiresAt: Date,
    offeredBy: string,
  ): Promise<WaitlistEntry | undefined> {
    const [row] = await queryRows<WaitlistEntry>(
      tx,
      `UPDATE waitlist_entry w SET status = 'offered', offered_at = now(), offer_expires_at = $3, offered_by = $4, updated_at = now()
        WHERE w.id = $2 AND w.event_id = $1 AND w.status = 'waiting' RETURNING ${COLUMNS}`,
      [eventId, entryId, expiresAt, offeredBy],
    );
    return row;
  }

  /** A move of one entry, made only from the statuses given. */
  async move(tx: EntityManager, id: string, from: readonly WaitlistStatus[], to: WaitlistStatus): Promise<WaitlistEntry | undefined> {
    const [row] = await queryRows<WaitlistEntry>(
      tx,
      `UPDATE waitlist_entry w SET status = $2, updated_at = now() WHERE w.id = $1 AND w.status = ANY($3::text[]) RETURNING ${COLUMNS}`,
      [id, to, from],
    );
    return row;
  }

  /** Every live entry of the event is removed (it was cancelled); answers them. */
  async removeAllOfEvent(tx: EntityManager, eventId: string): Promise<WaitlistEntry[]> {
    return queryRows<WaitlistEntry>(
      tx,
      `UPDATE waitlist_entry w SET status = 'removed', updated_at = now()
        WHERE w.event_id = $1 AND w.status = ANY($2::text[]) RETURNING ${COLUMNS}`,
      [eventId, LIVE_WAITLIST_STATUSES],
    );
  }

  /** Every live entry of the fan is removed (their account is deleted or suspended). */
  async removeAllOfFan(tx: EntityManager, fanId: string): Promise<void> {
    await tx.query(`UPDATE waitlist_entry SET status = 'removed', updated_at = now() WHERE fan_id = $1 AND status = ANY($2::text[])`, [
      fanId,
      LIVE_WAITLIST_STATUSES,
    ]);
  }

  /**
   * Events the offers job has work on: open (published, active, not started) with a capacity, and
   * with a lapsed offer to expire or a seat free (neither taken nor held) while someone waits.
   */
  async eventsDueForOffers(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT e.id FROM event e
        WHERE e.status = 'active' AND e.moderation_status = 'published' AND e.deleted_at IS NULL
          AND e.date > now() AND e.capacity IS NOT NULL
          AND EXISTS (SELECT 1 FROM waitlist_entry w WHERE w.event_id = e.id AND w.status = ANY($1::text[]))
          AND (
            EXISTS (SELECT 1 FROM waitlist_entry w WHERE w.event_id = e.id AND w.status = 'offered' AND w.offer_expires_at <= now())
            OR (EXISTS (SELECT 1 FROM waitlist_entry w WHERE w.event_id = e.id AND w.status = 'waiting')
                AND e.capacity - e.attendees_count
                    > (SELECT count(*) FROM waitlist_entry w WHERE w.event_id = e.id AND w.status = 'offered'))
          )
        LIMIT $2`,
      [LIVE_WAITLIST_STATUSES, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Cancelled events whose list still has live entries (the cancellation job ends them). */
  async cancelledEventsWithLiveEntries(limit: number): Promise<string[]> {
    const rows: Array<{ event_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT w.event_id FROM waitlist_entry w JOIN event e ON e.id = w.event_id
        WHERE w.status = ANY($1::text[]) AND e.status = 'cancelled' AND e.cancelled_at < now() - interval '15 seconds'
        LIMIT $2`,
      [LIVE_WAITLIST_STATUSES, limit],
    );
    return rows.map((row) => row.event_id);
  }
}
