import { Module } from '@nestjs/common';
import { AnalyticsIntakeGuard } from './analytics-intake.guard.js';
import { AnalyticsRate } from './analytics-rate.js';
import { AdminDashboardController, AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsService } from './analytics.service.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';
import { AnalyticsPartitionsHandler } from './jobs/analytics-partitions.job.js';

/**
 * Analytics and the admin dashboard (issue 24). Stores no person's id or address, so account
 * erasure has nothing to do here. The dashboard reads other modules' tables read-only, and the
 * queues through JobQueues, as the support view does.
 */
@Module({
  controllers: [AnalyticsController, AdminDashboardController],
  providers: [
    AnalyticsRepository,
    AnalyticsRate,
    AnalyticsIntakeGuard,
    AnalyticsService,
    DashboardRepository,
    DashboardService,
    AnalyticsPartitionsHandler,
  ],
})
export class AnalyticsModule {}
