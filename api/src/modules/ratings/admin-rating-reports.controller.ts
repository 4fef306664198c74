import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ratingReportListQuerySchema, type RatingReportListQuery } from '../../contracts/ratings.schemas.js';
import { AdminOnly } from '../../platform/http/auth-context.js';
import { ZQuery } from '../../platform/http/zod.js';
import { RatingReportsService } from './rating-reports.service.js';

/** Admins: the reports people sent about reviews. */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminRatingReportsController {
  constructor(private readonly reports: RatingReportsService) {}

  @Get('rating-reports')
  list(@ZQuery(ratingReportListQuerySchema) query: RatingReportListQuery) {
    return this.reports.list(query);
  }
}
