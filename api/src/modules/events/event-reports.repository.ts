import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ReportGroupSpec } from '../admin/reports/report-sources.port.js';
import { type ReviewReport } from '../../contracts/event-moderation.contract.js';
import { EventReport } from './entities/event-report.entity.js';
import { type QueuePosition } from './review-queue-cursor.js';

export interface OpenReports {
  count: number;
  reports: ReviewReport[];
}

/** The event_report table. */
@Injectable()
export class EventReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The saved report, defaults included; a second open report of the same person breaks event_report_open_key. */
  insert(report: { eventId: string; reporterId: string; reason: string }): Promise<EventReport> {
    return this.dataSource.getRepository(EventReport).save(report);
  }

  /** Active events with open reports, by their oldest open report, after `after`: the review queue's "reported". */
  async reportedQueue(after: QueuePosition | null, limit: number): Promise<QueuePosition[]> {
    return this.dataSource.query(
      `SELECT r.event_id AS id, min(r.created_at) AS at
         FROM event_report r JOIN event e ON e.id = r.event_id
        WHERE r.status = 'open' AND e.status = 'active' AND e.deleted_at IS NULL
        GROUP BY r.event_id
       HAVING $1::timestamptz IS NULL OR (min(r.created_at), r.event_id) > ($1::timestamptz, $2::uuid)
        ORDER BY at, id LIMIT $3`,
      [after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** Each event's open reports: how many, and the oldest `shown` of them. */
  async openReportsOf(eventIds: string[], shown: number): Promise<Map<string, OpenReports>> {
    if (eventIds.length === 0) return new Map();
    const rows: Array<{ event_id: string; count: number; reports: ReviewReport[] }> = await this.dataSource.query(
      `SELECT r.event_id, count(*)::int AS count,
              jsonb_agg(jsonb_build_object('id', r.id, 'reason', r.reason, 'created_at', r.created_at) ORDER BY r.created_at, r.id) AS reports
         FROM event_report r
        WHERE r.event_id = ANY($1::uuid[]) AND r.status = 'open'
        GROUP BY r.event_id`,
      [eventIds],
    );
    return new Map(
      rows.map((row) => [
        row.event_id,
        {
          count: row.count,
          reports: row.reports.slice(0, shown).map((report) => ({ ...report, created_at: new Date(report.created_at).toISOString() })),
        },
      ]),
    );
  }
}

/** event_report in the admin reports queue: the event as it is now (title, description, host, whether it still runs). */
export const EVENT_REPORT_GROUPS: ReportGroupSpec = {
  table: 'event_report',
  target: 'event_id',
  details: 'NULL',
  joins: 'JOIN event e ON e.id = g.target_id JOIN users host ON host.id = e.host_id',
  content: `json_build_object(
    'title', e.title, 'text', e.description,
    'details', concat_ws(' · ', to_char(e.date AT TIME ZONE 'Asia/Kolkata', 'DD Mon YYYY'), e.location, e.status, e.moderation_status),
    'author', json_build_object('id', host.id, 'name', host.name),
    'gone', e.status <> 'active' OR e.deleted_at IS NOT NULL,
    'link', '/admin/events/' || e.id)`,
  closedAs: `status = CASE $2::text WHEN 'dismissed' THEN 'dismissed' ELSE 'resolved' END`,
};
