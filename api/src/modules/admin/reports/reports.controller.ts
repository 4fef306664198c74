import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  REPORT_DECISIONS,
  reportDecisionParamsSchema,
  reportDecisionSchema,
  reportQueueQuerySchema,
  type ReportDecisionInput,
  type ReportDecisionParams,
  type ReportQueueQuery,
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

  /**
   * POST /admin/reports/{kind}/{targetId}/dismiss|act, body `{ reason }`: every open report of the
   * target closed, after removing the post, comment or review (taking the event down, suspending
   * the person) for act; the reporters are told.
   */
  @Post(':kind/:targetId/:decision')
  @HttpCode(200)
  decide(
    @CurrentUser() admin: AuthUser,
    @ZParams(reportDecisionParamsSchema) { decision, ...target }: ReportDecisionParams,
    @ZBody(reportDecisionSchema) body: ReportDecisionInput,
  ) {
    return this.reports.decide(admin, target, REPORT_DECISIONS[decision], body.reason);
  }
}
