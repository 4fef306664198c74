import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TableReportSource } from '../admin/reports/report-sources.port.js';
import { EVENT_REPORT_GROUPS } from './event-reports.repository.js';

/** Reports of events in the admin queue. Taking an event down goes through EventTakeDown (report-actions.port.ts). */
@Injectable()
export class EventReportSource extends TableReportSource {
  readonly kind = 'event';
  readonly recordType = 'event';
  protected readonly spec = EVENT_REPORT_GROUPS;

  constructor(dataSource: DataSource) {
    super(dataSource);
  }
}
