import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
