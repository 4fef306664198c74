import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ANALYTICS_TIME_ZONE, type DashboardDay } from '../../contracts/analytics.contract.js';

type BusinessDay = Omit<DashboardDay, 'activeSessions'>;

const dayOf = (column: string) => `(${column} AT TIME ZONE '${ANALYTICS_TIME_ZONE}')::date`;
/** A series: per India day from the first day's start, one grouped scan over an index on `column`. */
const series = (name: string, column: string, value: string, from: string, where = 'true') => `
  LEFT JOIN (SELECT ${dayOf(column)} AS day, ${value} AS ${name} FROM ${from}
              WHERE ${column} >= (SELECT since FROM bounds) AND ${where} GROUP BY 1) ${name} USING (day)`;

/**
 * The dashboard's figures from the product's own tables, read-only (writes stay with their owners).
 * Days are India days. Events published: created that day and published now (an event approved later
 * counts on the day it was made). Money captured: accepted applications' captures, on the day of
 * acceptance (the capture follows it within seconds). Refunded: refunds the provider processed, that day.
 */
const DAILY = `
  WITH bounds AS (
    SELECT first_day, first_day::timestamp AT TIME ZONE '${ANALYTICS_TIME_ZONE}' AS since
      FROM (SELECT ${dayOf('now()')} - ($1::int - 1) AS first_day) f
  ), days AS (
    SELECT generate_series(first_day, first_day + ($1::int - 1), interval '1 day')::date AS day FROM bounds
  )
  SELECT to_char(day, 'YYYY-MM-DD') AS day,
         coalesce(sign_ups, 0)::int AS "signUps",
         coalesce(events_published, 0)::int AS "eventsPublished",
         coalesce(applications, 0)::int AS applications,
         coalesce(captured, 0)::bigint AS "capturedInr",
         coalesce(refunded, 0)::bigint AS "refundedInr"
    FROM days
    ${series('sign_ups', 'created_at', 'count(*)', 'users')}
    ${series('events_published', 'created_at', 'count(*)', 'event', `moderation_status = 'published' AND deleted_at IS NULL`)}
    ${series('applications', 'created_at', 'count(*)', 'application')}
    ${series(
      'captured',
      'a.decided_at',
      'sum(t.captured_amount)',
      'application a JOIN payment_transaction t ON t.id = a.transaction_id',
      'a.transaction_id IS NOT NULL AND t.captured_amount > 0',
    )}
    ${series('refunded', 'processed_at', 'sum(amount)', 'payment_refund', `status = 'processed'`)}
   ORDER BY day`;

// Events awaiting review: the review queue's new and edited events (review_requested_at is set while one waits).
const BACKLOG = `
  SELECT (SELECT count(*) FROM event_report WHERE status = 'open')
       + (SELECT count(*) FROM user_report WHERE status = 'open')
       + (SELECT count(*) FROM community_report WHERE status = 'open')
       + (SELECT count(*) FROM rating_report WHERE status = 'open') AS "openReports",
         (SELECT count(*) FROM event
           WHERE review_requested_at IS NOT NULL AND deleted_at IS NULL AND status = 'active') AS "eventsAwaitingReview"`;

@Injectable()
export class DashboardRepository {
  constructor(private readonly dataSource: DataSource) {}

  async daily(days: number): Promise<BusinessDay[]> {
    const rows = await this.dataSource.query<Array<BusinessDay & { capturedInr: string; refundedInr: string }>>(DAILY, [days]);
    return rows.map((row) => ({ ...row, capturedInr: Number(row.capturedInr), refundedInr: Number(row.refundedInr) }));
  }

  async backlog(): Promise<{ openReports: number; eventsAwaitingReview: number }> {
    const [row] = await this.dataSource.query<Array<{ openReports: string; eventsAwaitingReview: string }>>(BACKLOG);
    return { openReports: Number(row!.openReports), eventsAwaitingReview: Number(row!.eventsAwaitingReview) };
  }
}
