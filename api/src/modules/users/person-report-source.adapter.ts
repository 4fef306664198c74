import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { USER_REPORT_REASONS } from '../../contracts/user-report.contract.js';
import { TableReportSource } from '../admin/reports/report-sources.port.js';
import { PERSON_REPORT_GROUPS } from './user-reports.repository.js';

/** Reports of people in the admin queue. Suspending a person goes through PersonSuspension (report-actions.port.ts). */
@Injectable()
export class PersonReportSource extends TableReportSource {
  readonly kind = 'person';
  readonly recordType = 'user';
  protected readonly spec = PERSON_REPORT_GROUPS;
  protected override readonly reasonLabels = USER_REPORT_REASONS;

  constructor(dataSource: DataSource) {
    super(dataSource);
  }
}
