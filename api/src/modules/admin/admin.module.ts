import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AuditListRepository } from './audit/audit-list.repository.js';
import { AuditController } from './audit/audit.controller.js';
import { PortedActs } from './reports/ported-acts.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsService } from './reports/reports.service.js';
import { SupportAuditRepository } from './support/support-audit.repository.js';
import { SupportController } from './support/support.controller.js';
import { SupportJobsService } from './support/support-jobs.service.js';

/**
 * The admin area's own endpoints: the support view of the queues, the reports queue and the audit
 * list. The record and report sources come from PortsModule; reporters are told through NotificationsService.
 */
@Module({
  imports: [NotificationsModule],
  controllers: [SupportController, ReportsController, AuditController],
  providers: [SupportJobsService, SupportAuditRepository, ReportsService, PortedActs, AuditListRepository],
  // Posts, comments and reviews removed by an admin where they are shown go through the queue's decision.
  exports: [ReportsService],
})
export class AdminModule {}
