import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type ModerationStatus } from '../../contracts/event/catalogue.js';
import { PreparedStatementSet, preparedStatement, queryPrepared } from '../../platform/database/prepared-statement.js';
import { queryRows } from '../../platform/database/returning.js';
import { Event } from './entities/event.entity.js';
import { type AdmissionEvent, type InvoiceSubject } from './event-admission.service.js';
import { countSql, pageSql, type ListQuery } from './event-query.js';
import { changesInvite } from './invite-fields.js';
import { type QueuePosition } from './review-queue-cursor.js';
import { EVENT_VIEW_LATERAL, EVENT_VIEW_ROW, eventRowFromJson, type EventRow, type EventRowJson } from './event.views.js';

/** Listed events: active, published, not deleted (the same literals as the listing indexes). */
const LISTED = `e.status = 'active' AND e.moderation_status = 'published' AND e.deleted_at IS NULL`;

/** Each upload id an event's images, video and video reference show (`$2`: the id pattern), as `ref[1]`. */
const SHOWN_MEDIA_IDS = `CROSS JOIN LATERAL regexp_matches(lower(concat_ws(' ', e.images::text, e.video, e.video_url_reference)), $2, 'g') AS ref`;

/** The detail query: the most requested read that no cache holds, so it is planned once per connection. */
const VIEW_BY_ID = preparedStatement(
  'events.view-by-id',
  `SELECT ${EVENT_VIEW_ROW} FROM event e JOIN users u ON u.id = e.host_id ${EVENT_VIEW_LATERAL}
    WHERE e.id = $1 AND e.deleted_at IS NULL`,
);
const LISTED_COUNTS_BY_HOST = preparedStatement(
  'events.listed-counts-by-host',
  `SELECT e.host_id, count(*)::int AS count FROM event e WHERE e.host_id = ANY($1::uuid[]) AND ${LISTED} GROUP BY e.host_id`,
);

/**
 * Distinct list texts (filter combinations) kept prepared per process. The screens send a few dozen;
 * PostgreSQL keeps a custom plan for the ones whose generic plan would cost more (docs/performance.md).
 */
const LIST_STATEMENTS_KEPT = 100;

/** The event table. Views join the host's public columns and the media variants (event.views.ts). */
@Injectable()
export class EventsRepository {
  private readonly lists = new PreparedStatementSet('events.list', LIST_STATEMENTS_KEPT);

  constructor(private readonly dataSource: DataSource) {}

  async insert(tx: EntityManager, fields: Partial<Event>): Promise<string> {
    const { identifiers } = await tx.getRepository(Event).insert(fields);
    return String(identifiers[0]!.id);
  }

  async viewRow(id: string): Promise<EventRow | undefined> {
    const found = (await queryPrepared<{ row: EventRowJson }>(this.dataSource, VIEW_BY_ID, [id]))[0];
    return found && eventRowFromJson(found.row);
  }

  /** Views of these events (deleted ones left out), in the order of `ids`. */
  async viewRows(ids: string[]): Promise<EventRow[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ row: EventRowJson }> = await this.dataSource.query(
      `SELECT ${EVENT_VIEW_ROW} FROM event e JOIN users u ON u.id = e.host_id ${EVENT_VIEW_LATERAL}
        WHERE e.id = ANY($1::uuid[]) AND e.deleted_at IS NULL`,
      [ids],
    );
    const byId = new Map(rows.map((found) => [found.row.id, eventRowFromJson(found.row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The event, locked for the rest of the caller's transaction; undefined when missing or deleted. */
  async lockForUpdate(tx: EntityManager, id: string): Promise<Event | undefined> {
    const event = await tx
      .getRepository(Event)
      .createQueryBuilder('event')
      .setLock('pessimistic_write')
      .where('event.id = :id AND event.deletedAt IS NULL', { id })
      .getOne();
    return event ?? undefined;
  }

  /**
   * Moves the host's events from one moderation status to another (published ones to
   * 'host_suspended' and back, when their host is suspended and restored); answers how many moved.
   */
  async moveHostedModeration(tx: EntityManager, hostId: string, from: ModerationStatus, to: ModerationStatus): Promise<number> {
    const rows = await queryRows(
      tx,
      `UPDATE event SET moderation_status = $3, updated_at = now()
        WHERE host_id = $1 AND moderation_status = $2 AND deleted_at IS NULL RETURNING id`,
      [hostId, from, to],
    );
    return rows.length;
  }

  /** The ids of the host's upcoming active events, locked for the caller's transaction. */
  async lockUpcomingHostedBy(tx: EntityManager, hostId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await tx.query(
      `SELECT e.id FROM event e
        WHERE e.host_id = $1 AND e.status = 'active' AND e.deleted_at IS NULL AND e.date >= now()
          FOR UPDATE`,
      [hostId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The event as joining sees it (undefined when missing or deleted); `open` says it takes
   * applications: active, published and not started.
   */
  async admission(runner: DataSource | EntityManager, id: string, lock: boolean): Promise<AdmissionEvent | undefined> {
    const rows: AdmissionEvent[] = await runner.query(
      `SELECT e.id, e.host_id AS "hostId", e.title, e.date, e.end_date AS "endDate", e.capacity, e.attendees_count AS "attendeesCount",
              e.pricing_type AS "pricingType", e.min_bid AS "minBid", e.male_price AS "malePrice", e.female_price AS "femalePrice",
              e.enable_bidding AS "enableBidding", e.show_attendees AS "showAttendees", e.cancellation_policy AS "cancellationPolicy",
              e.moderation_status = 'published' AS published,
              (e.status = 'active' AND e.moderation_status = 'published' AND e.date > now()) AS open,
              (e.status = 'active' AND coalesce(e.end_date, e.date) > now()) AS "admitsDecisions",
              e.status = 'cancelled' AS cancelled
         FROM event e WHERE e.id = $1 AND e.deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** What a tax invoice prints of an event, deleted or not (the invoice outlives it). */
  async invoiceSubject(id: string): Promise<InvoiceSubject | undefined> {
    const rows: InvoiceSubject[] = await this.dataSource.query(
      `SELECT e.id, e.host_id AS "hostId", e.title, e.description, e.date, e.location, e.city FROM event e WHERE e.id = $1`,
      [id],
    );
    return rows[0];
  }

  async changeAttendeesCount(tx: EntityManager, id: string, delta: number): Promise<void> {
    await tx.query('UPDATE event SET attendees_count = greatest(0, attendees_count + $2), updated_at = now() WHERE id = $1', [id, delta]);
  }

  async titles(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: string; title: string }> = await this.dataSource.query(
      'SELECT id, title FROM event WHERE id = ANY($1::uuid[])',
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /**
   * Writes `changes` over the locked row `current`; when they change what a calendar invite shows,
   * the same UPDATE moves its SEQUENCE on (calendar feeds then replace the entry).
   */
  async update(tx: EntityManager, current: Event, changes: Partial<Event>): Promise<void> {
    const sequence = changesInvite(current, changes) ? { calendarSequence: () => 'calendar_sequence + 1' } : {};
    await tx.update(Event, { id: current.id }, { ...changes, ...sequence });
  }

  /** A cancellation is a change every invite of the event shows (STATUS:CANCELLED). */
  async markCancelled(tx: EntityManager, id: string): Promise<void> {
    await tx.update(Event, { id }, { status: 'cancelled', cancelledAt: new Date(), calendarSequence: () => 'calendar_sequence + 1' });
  }

  /** Soft delete: the row stays for the records of later issues (payments, invoices). */
  async markDeleted(tx: EntityManager, id: string): Promise<void> {
    await tx.update(Event, { id }, { deletedAt: new Date() });
  }

  /** The uploads the person's events show (deleted events aside), by the id in each URL. */
  async mediaShownByHost(hostId: string, idPattern: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT ref[1] AS id FROM event e ${SHOWN_MEDIA_IDS} WHERE e.host_id = $1 AND e.deleted_at IS NULL`,
      [hostId, idPattern],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Those of `mediaIds` whose upload an event shows (images, video, video reference), by the id in the
   * URL. Deleted events show nothing; cancelled ones still do. One pass over the table for the batch.
   */
  async mediaReferencedAmong(mediaIds: readonly string[], idPattern: string): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT ref[1] AS id
         FROM event e ${SHOWN_MEDIA_IDS}
        WHERE e.deleted_at IS NULL AND ref[1] = ANY($1::text[])`,
      [mediaIds, idPattern],
    );
    return rows.map((row) => row.id);
  }

  async clearHostContacts(hostId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE event SET host_contact_number = NULL, host_social_link = NULL, updated_at = now()
        WHERE host_id = $1 AND (host_contact_number IS NOT NULL OR host_social_link IS NOT NULL)`,
      [hostId],
    );
  }

  /** Listed events per host, counted live. */
  async listedCountsByHost(hostIds: string[]): Promise<Map<string, number>> {
    if (hostIds.length === 0) return new Map();
    const rows = await queryPrepared<{ host_id: string; count: number }>(this.dataSource, LISTED_COUNTS_BY_HOST, [hostIds]);
    return new Map(rows.map((row) => [row.host_id, row.count]));
  }

  /**
   * One page of the review queue's new or edited events, oldest request first, after `after` (the
   * last one a page showed). Cancelled events leave the queue.
   */
  async reviewQueue(filter: 'new' | 'edited', after: QueuePosition | null, limit: number): Promise<QueuePosition[]> {
    const waiting =
      filter === 'new' ? `e.moderation_status = 'pending_review'` : `e.moderation_status = 'published' AND e.pending_changes IS NOT NULL`;
    const rows: Array<{ id: string; at: Date }> = await this.dataSource.query(
      `SELECT e.id, e.review_requested_at AS at FROM event e
        WHERE e.review_requested_at IS NOT NULL AND e.deleted_at IS NULL AND e.status = 'active' AND ${waiting}
          AND ($1::timestamptz IS NULL OR (e.review_requested_at, e.id) > ($1::timestamptz, $2::uuid))
        ORDER BY e.review_requested_at, e.id LIMIT $3`,
      [after?.at ?? null, after?.id ?? null, limit],
    );
    return rows;
  }

  /** The list's total, counted up to `cap` + 1 (countSql). */
  async listTotal(query: ListQuery, cap: number): Promise<number> {
    const rows = await this.lists.query<{ total: number }>(this.dataSource, countSql(query, cap), query.params);
    return rows[0]!.total;
  }

  async listPage(query: ListQuery, limit: number, offset: number): Promise<EventRow[]> {
    const rows = await this.lists.query<{ row: EventRowJson }>(this.dataSource, pageSql(query), [...query.params, limit, offset]);
    return rows.map((found) => eventRowFromJson(found.row));
  }
}
