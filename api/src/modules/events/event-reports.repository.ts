import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ReportGroupSpec } from '../admin/reports/report-sources.port.js';
import { EventReport } from './entities/event-report.entity.js';

/** The event_report table. */
@Injectable()
export class EventReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The saved report, defaults included; a second open report of the same person breaks event_report_open_key. */
  insert(report: { eventId: string; reporterId: string; reason: string }): Promise<EventReport> {
    return this.dataSource.getRepository(EventReport).save(report);
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
