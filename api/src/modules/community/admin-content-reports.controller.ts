import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { contentReportListQuerySchema, type ContentReportListQuery } from '../../contracts/community.schemas.js';
import { AdminOnly } from '../../platform/http/auth-context.js';
import { ZQuery } from '../../platform/http/zod.js';
import { ContentReportsService } from './content-reports.service.js';

/** Admins: the reports people sent about posts and comments. */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminContentReportsController {
  constructor(private readonly reports: ContentReportsService) {}

  @Get('community-reports')
  list(@ZQuery(contentReportListQuerySchema) query: ContentReportListQuery) {
    return this.reports.list(query);
  }
}
