import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { analyticsBatchSchema, type AnalyticsEvent } from '../../contracts/analytics.contract.js';
import { AdminOnly, Public } from '../../platform/http/auth-context.js';
import { ZBody } from '../../platform/http/zod.js';
import { AnalyticsIntakeGuard } from './analytics-intake.guard.js';
import { AnalyticsService } from './analytics.service.js';
import { DashboardService } from './dashboard.service.js';

/** The web's batches of page views and actions: anyone may send, within the rate and size limits. */
@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Public()
  @Post('events')
  @HttpCode(204)
  @UseGuards(AnalyticsIntakeGuard)
  async record(@ZBody(analyticsBatchSchema) body: { events: AnalyticsEvent[] }): Promise<void> {
    await this.analytics.ingest(body.events);
  }
}

/** Full admins: the /admin dashboard's figures (support staff see the queue tiles only). */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminDashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard')
  view() {
    return this.dashboard.view();
  }
}
