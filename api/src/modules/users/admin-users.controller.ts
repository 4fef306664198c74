import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { userReportListQuerySchema, type UserReportListQuery } from '../../contracts/user-report.contract.js';
import { AdminOnly } from '../../platform/http/auth-context.js';
import { ZQuery } from '../../platform/http/zod.js';
import { UserReportsService } from './user-reports.service.js';

/** Admins: the reports people sent about people (the verified badge is in admin-people.controller.ts). */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminUsersController {
  constructor(private readonly reports: UserReportsService) {}

  @Get('user-reports')
  userReports(@ZQuery(userReportListQuerySchema) query: UserReportListQuery) {
    return this.reports.list(query);
  }
}
