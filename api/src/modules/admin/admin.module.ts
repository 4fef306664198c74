import { Module } from '@nestjs/common';
import { SupportAuditRepository } from './support/support-audit.repository.js';
import { SupportController } from './support/support.controller.js';
import { SupportJobsService } from './support/support-jobs.service.js';

/** The admin area's own endpoints (the support view of the queues); the record sources come from PortsModule. */
@Module({ controllers: [SupportController], providers: [SupportJobsService, SupportAuditRepository] })
export class AdminModule {}
