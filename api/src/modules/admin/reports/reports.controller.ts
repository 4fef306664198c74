import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  reportDecisionSchema,
  reportQueueQuerySchema,
  reportTargetParamsSchema,
  type ReportDecisionInput,
  type ReportQueueQuery,
  type ReportTargetParams,
} from '../../../contracts/reports.contract.js';
import { AdminOnly, CurrentUser, type AuthUser } from '../../../platform/http/auth-context.js';
import { ZBody, ZParams, ZQuery } from '../../../platform/http/zod.js';
import { ReportsService } from './reports.service.js';

/**
 * The reports queue: admins only. Dismissing needs the admin role alone; acting too, except taking
 * an event down, which needs the delete_events flag (checked in ReportsService, since it depends on the kind).
 */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  /** GET /admin/reports?kind=&cursor=: open reports grouped by what they are about, the longest waiting first. */
  @Get()
  queue(@ZQuery(reportQueueQuerySchema) query: ReportQueueQuery) {
    return this.reports.queue(query);
  }

  /** Body `{ reason }`: every open report of the target closed as dismissed; the reporters are told. */
  @Post(':kind/:targetId/dismiss')
  @HttpCode(200)
  dismiss(
    @CurrentUser() admin: AuthUser,
    @ZParams(reportTargetParamsSchema) target: ReportTargetParams,
    @ZBody(reportDecisionSchema) body: ReportDecisionInput,
  ) {
    return this.reports.decide(admin, target, 'dismissed', body.reason);
  }

  /** Body `{ reason }`: the post, comment or review removed (the event taken down, the person suspended), the reports closed. */
  @Post(':kind/:targetId/act')
  @HttpCode(200)
  act(
    @CurrentUser() admin: AuthUser,
    @ZParams(reportTargetParamsSchema) target: ReportTargetParams,
    @ZBody(reportDecisionSchema) body: ReportDecisionInput,
  ) {
    return this.reports.decide(admin, target, 'acted', body.reason);
  }
}
