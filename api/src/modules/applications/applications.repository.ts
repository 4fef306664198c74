import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ApplicationStatus } from '../../contracts/applications.contract.js';
import { queryRows } from '../../platform/database/returning.js';
import { applicationSourcesOf, LIVE_STATUSES } from './application-state.js';
import { cameSql } from '../tickets/came-sql.js';
import { type Application } from './entities/application.entity.js';

const COLUMNS = `a.id, a.event_id AS "eventId", a.fan_id AS "fanId", a.transaction_id AS "transactionId", a.bid_amount AS "bidAmount",
  a.message, a.status, a.payment_authorized_at AS "paymentAuthorizedAt", a.decided_at AS "decidedAt",
  a.cancellation_policy AS "cancellationPolicy",
  a.created_at AS "createdAt", a.updated_at AS "updatedAt"`;

export type NewApplication = Pick<
  Application,
  'eventId' | 'fanId' | 'transactionId' | 'bidAmount' | 'message' | 'paymentAuthorizedAt' | 'cancellationPolicy'
>;

/** An application with what its views show of its event and fan (read joins; the rows belong to their modules). */
export interface ApplicationRow extends Application {
  eventTitle: string;
  eventDate: Date;
  fanName: string | null;
  fanPhotoUrl: string | null;
  fanEmail: string | null;
}

const VIEW_SELECT = `SELECT ${COLUMNS}, e.title AS "eventTitle", e.date AS "eventDate",
    u.name AS "fanName", u.avatar_url AS "fanPhotoUrl", u.email AS "fanEmail"
  FROM application a JOIN event e ON e.id = a.event_id JOIN users u ON u.id = a.fan_id`;

/** The most rows one list returns. */
const LIST_LIMIT = 500;

/** The application table, all of its SQL. Every status change is a conditional move. */
@Injectable()
export class ApplicationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The new application, or undefined when it would be the fan's second live one for the event, or
   * the transaction already made one (a repeated job).
   */
  async insert(tx: EntityManager, application: NewApplication): Promise<Application | undefined> {
    const [row] = await queryRows<Application>(
      tx,
      `INSERT INTO application AS a (event_id, fan_id, transaction_id, bid_amount, message, payment_authorized_at, cancellation_policy)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [
        application.eventId,
        application.fanId,
        application.transactionId,
        application.bidAmount,
        application.message,
        application.paymentAuthorizedAt,
        application.cancellationPolicy,
      ],
    );
    return row;
  }

  async find(id: string, runner: DataSource | EntityManager = this.dataSource): Promise<Application | undefined> {
    const [row] = await queryRows<Application>(runner, `SELECT ${COLUMNS} FROM application a WHERE a.id = $1`, [id]);
    return row;
  }

  async lock(tx: EntityManager, id: string): Promise<Application | undefined> {
    const [row] = await queryRows<Application>(tx, `SELECT ${COLUMNS} FROM application a WHERE a.id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async findByTransaction(runner: DataSource | EntityManager, transactionId: string): Promise<Application | undefined> {
    const [row] = await queryRows<Application>(runner, `SELECT ${COLUMNS} FROM application a WHERE a.transaction_id = $1`, [transactionId]);
    return row;
  }

  async move(tx: EntityManager, id: string, to: ApplicationStatus): Promise<Application | undefined> {
    const decided = to === 'accepted' || to === 'rejected' ? ', decided_at = now()' : '';
    const [row] = await queryRows<Application>(
      tx,
      `UPDATE application a SET status = $2, updated_at = now()${decided}
        WHERE a.id = $1 AND a.status = ANY($3::text[]) RETURNING ${COLUMNS}`,
      [id, to, applicationSourcesOf(to)],
    );
    return row;
  }

  async hasLive(eventId: string, fanId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM application WHERE event_id = $1 AND fan_id = $2 AND status = ANY($3::text[])',
      [eventId, fanId, LIVE_STATUSES],
    );
    return rows.length > 0;
  }

  /** The event's live applications, oldest first (each is locked when the lifecycle moves it). */
  async liveIdsOfEvent(tx: EntityManager, eventId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await tx.query(
      'SELECT id FROM application WHERE event_id = $1 AND status = ANY($2::text[]) ORDER BY created_at',
      [eventId, LIVE_STATUSES],
    );
    return rows.map((row) => row.id);
  }

  /**
   * A live application, or a payment not yet settled (an order open, authorised or being captured),
   * on a gender-priced event that has not ended. Payments are read-joined: their state is the order's.
   */
  async hasOpenGenderPricedBooking(tx: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM application a JOIN event e ON e.id = a.event_id
        WHERE a.fan_id = $1 AND a.status = ANY($2::text[]) AND e.pricing_type = 'gender_based' AND coalesce(e.end_date, e.date) > now()
       UNION ALL
       SELECT 1 FROM payment_transaction t JOIN event e ON e.id = t.event_id
        WHERE t.payer_id = $1 AND t.state IN ('created', 'authorized', 'capturing')
          AND e.pricing_type = 'gender_based' AND coalesce(e.end_date, e.date) > now()
        LIMIT 1`,
      [userId, LIVE_STATUSES],
    );
    return rows.length > 0;
  }

  async acceptedCount(runner: DataSource | EntityManager, eventId: string): Promise<number> {
    const rows: Array<{ count: number }> = await runner.query(
      `SELECT count(*)::int AS count FROM application WHERE event_id = $1 AND status = 'accepted'`,
      [eventId],
    );
    return rows[0]!.count;
  }

  async isAccepted(eventId: string, fanId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM application WHERE event_id = $1 AND fan_id = $2 AND status = 'accepted'`,
      [eventId, fanId],
    );
    return rows.length > 0;
  }

  /** The fan's accepted application to the event (at most one is live), with the payment it was made from. */
  async acceptedOf(eventId: string, fanId: string): Promise<{ id: string; transactionId: string | null } | undefined> {
    const rows: Array<{ id: string; transactionId: string | null }> = await this.dataSource.query(
      `SELECT id, transaction_id AS "transactionId" FROM application WHERE event_id = $1 AND fan_id = $2 AND status = 'accepted'`,
      [eventId, fanId],
    );
    return rows[0];
  }

  /**
   * Claims, in the caller's transaction, accepted applications whose event starts within the
   * reminder's window and that have not had this reminder (nor a later one): marks them reminded and
   * answers what the reminder says. Rows another run holds are skipped, so each goes once.
   */
  async claimReminders(tx: EntityManager, reminder: ReminderWindow, limit: number): Promise<ReminderDue[]> {
    const column = reminder.kind === 'day_before' ? 'reminded_day_before_at' : 'reminded_hour_before_at';
    return queryRows<ReminderDue>(
      tx,
      `WITH due AS (
         SELECT a.id FROM application a JOIN event e ON e.id = a.event_id
          WHERE a.status = 'accepted' AND a.reminded_hour_before_at IS NULL AND a.${column} IS NULL
            AND e.deleted_at IS NULL AND e.status <> 'cancelled'
            AND e.date > now() + make_interval(secs => $1 / 1000.0)
            AND e.date <= now() + make_interval(secs => $2 / 1000.0)
          ORDER BY e.date LIMIT $3
          FOR UPDATE OF a SKIP LOCKED
       )
       UPDATE application a SET ${column} = now()
         FROM due, event e
        WHERE a.id = due.id AND e.id = a.event_id
       RETURNING a.id AS "applicationId", a.fan_id AS "fanId", e.id AS "eventId", e.title AS "eventTitle", e.date AS "startsAt"`,
      [reminder.startsAfterMs, reminder.startsWithinMs, limit],
    );
  }

  /** Events the fan was accepted to that have started and they came to (checked in, where the door was used), latest first. */
  async attendedEventIds(fanId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT e.id FROM application a JOIN event e ON e.id = a.event_id
        WHERE a.fan_id = $1 AND a.status = 'accepted' AND e.date < now() AND e.deleted_at IS NULL AND e.status <> 'cancelled'
          AND ${cameSql('a', 'e')}
        ORDER BY e.date DESC`,
      [fanId],
    );
    return rows.map((row) => row.id);
  }

  /** The fan's latest application per event, newest first. */
  async latestPerEventOfFan(fanId: string): Promise<Application[]> {
    return queryRows<Application>(
      this.dataSource,
      `SELECT * FROM (SELECT DISTINCT ON (a.event_id) ${COLUMNS} FROM application a WHERE a.fan_id = $1
         ORDER BY a.event_id, a.created_at DESC) latest ORDER BY "createdAt" DESC LIMIT $2`,
      [fanId, LIST_LIMIT],
    );
  }

  async rowsOfFan(fanId: string): Promise<ApplicationRow[]> {
    return queryRows<ApplicationRow>(this.dataSource, `${VIEW_SELECT} WHERE a.fan_id = $1 ORDER BY a.created_at DESC LIMIT $2`, [
      fanId,
      LIST_LIMIT,
    ]);
  }

  async rowsOfEvent(eventId: string): Promise<ApplicationRow[]> {
    return queryRows<ApplicationRow>(this.dataSource, `${VIEW_SELECT} WHERE a.event_id = $1 ORDER BY a.created_at DESC LIMIT $2`, [
      eventId,
      LIST_LIMIT,
    ]);
  }

  /** Pending applications on the host's events, newest first. */
  async pendingRowsForHost(hostId: string): Promise<ApplicationRow[]> {
    return queryRows<ApplicationRow>(
      this.dataSource,
      `${VIEW_SELECT} WHERE e.host_id = $1 AND a.status = 'pending' AND e.deleted_at IS NULL ORDER BY a.created_at DESC LIMIT $2`,
      [hostId, LIST_LIMIT],
    );
  }

  async row(id: string): Promise<ApplicationRow | undefined> {
    const [row] = await queryRows<ApplicationRow>(this.dataSource, `${VIEW_SELECT} WHERE a.id = $1`, [id]);
    return row;
  }

  async acceptedRowsOfEvent(eventId: string): Promise<ApplicationRow[]> {
    return queryRows<ApplicationRow>(
      this.dataSource,
      `${VIEW_SELECT} WHERE a.event_id = $1 AND a.status = 'accepted' ORDER BY a.decided_at, a.created_at LIMIT $2`,
      [eventId, LIST_LIMIT],
    );
  }

  async applicationIdsFor(transactionIds: string[]): Promise<Map<string, string>> {
    if (transactionIds.length === 0) return new Map();
    const rows: Array<{ id: string; transaction_id: string }> = await this.dataSource.query(
      'SELECT id, transaction_id FROM application WHERE transaction_id = ANY($1::uuid[])',
      [transactionIds],
    );
    return new Map(rows.map((row) => [row.transaction_id, row.id]));
  }

  /** Those of the transactions no application was made from. */
  async withoutApplication(transactionIds: string[]): Promise<string[]> {
    const made = await this.applicationIdsFor(transactionIds);
    return transactionIds.filter((id) => !made.has(id));
  }

  /** Pending paid applications whose payment was authorised before `before` (the capture window). */
  async pendingAuthorizedBefore(before: Date, limit: number): Promise<Application[]> {
    return queryRows<Application>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM application a
        WHERE a.status = 'pending' AND a.transaction_id IS NOT NULL AND a.payment_authorized_at < $1
        ORDER BY a.payment_authorized_at LIMIT $2`,
      [before, limit],
    );
  }

  /** Cancelled events that still have live applications (the cancellation job's due work). */
  async cancelledEventsWithLiveApplications(limit: number): Promise<string[]> {
    const rows: Array<{ event_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT a.event_id FROM application a JOIN event e ON e.id = a.event_id
        WHERE a.status = ANY($1::text[]) AND e.status = 'cancelled' AND e.cancelled_at < now() - interval '15 seconds'
        LIMIT $2`,
      [LIVE_STATUSES, limit],
    );
    return rows.map((row) => row.event_id);
  }

  /**
   * Payments given back in full, by a refund asked for in the last two days, whose booking, of an
   * event still to come (not cancelled) and not checked in, is still accepted: work
   * applications.end_refunded has not done, lost on the way (applications and payments read
   * together, read-only, from the few payments refunded in full). Older refunds are not looked at,
   * however late the provider processes them: bookings refunded in full before this job existed stay.
   */
  async acceptedButReturnedInFull(limit: number): Promise<string[]> {
    const rows: Array<{ transaction_id: string }> = await this.dataSource.query(
      `SELECT a.transaction_id FROM payment_transaction t
         JOIN application a ON a.transaction_id = t.id AND a.status = 'accepted'
         JOIN event e ON e.id = a.event_id AND e.date > now() AND e.status <> 'cancelled'
        WHERE t.captured_amount > 0 AND t.refunded_amount >= t.captured_amount
          AND t.updated_at < now() - interval '15 seconds'
          AND EXISTS (SELECT 1 FROM payment_refund r WHERE r.transaction_id = t.id AND r.created_at > now() - interval '2 days')
          AND NOT EXISTS (SELECT 1 FROM check_in c WHERE c.application_id = a.id)
        LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.transaction_id);
  }

  /** The fan's pending applications (an account being deleted withdraws them). */
  async pendingIdsOfFan(tx: EntityManager, fanId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await tx.query(`SELECT id FROM application WHERE fan_id = $1 AND status = 'pending'`, [fanId]);
    return rows.map((row) => row.id);
  }
}

/** A reminder sent to accepted fans while their event starts between the two offsets from now. */
export interface ReminderWindow {
  kind: 'day_before' | 'hour_before';
  startsAfterMs: number;
  startsWithinMs: number;
}

export interface ReminderDue {
  applicationId: string;
  fanId: string;
  eventId: string;
  eventTitle: string;
  startsAt: Date;
}
