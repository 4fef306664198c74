import { Injectable, Logger } from '@nestjs/common';
import {
  AnalyticsLimits,
  FUNNEL_STEPS,
  analyticsKey,
  type DashboardView,
  type QueueHealthView,
} from '../../contracts/analytics.contract.js';
import { QUEUE_DASHBOARD_PATH } from '../../contracts/support.contract.js';
import { declaredQueueNames } from '../../platform/jobs/job-definition.js';
import { JobQueues } from '../../platform/jobs/job-queues.js';
import { withTimeout } from '../../platform/with-timeout.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { DashboardRepository } from './dashboard.repository.js';

const REDIS_TIMEOUT_MS = 2_000;

/** The /admin dashboard: the last 30 days per day, what waits for an admin, the queues and the join funnel. */
@Injectable()
export class DashboardService {
  private readonly logger = new Logger(DashboardService.name);

  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly analytics: AnalyticsRepository,
    private readonly queues: JobQueues,
  ) {}

  async view(): Promise<DashboardView> {
    const business = await this.dashboard.daily(AnalyticsLimits.dashboardDays);
    const since = business[0]!.day;
    const [backlog, sessions, funnel, queues] = await Promise.all([
      this.dashboard.backlog(),
      this.analytics.activeSessionsByDay(since),
      this.analytics.funnelSince(since),
      this.queueHealth(),
    ]);
    return {
      days: business.map((day) => ({ ...day, activeSessions: sessions.get(day.day) ?? 0 })),
      ...backlog,
      queues,
      queueDashboardPath: QUEUE_DASHBOARD_PATH,
      funnel: FUNNEL_STEPS.map((step, index) => ({
        step: step.step,
        label: step.label,
        key: analyticsKey(step),
        sessions: funnel[index]!,
      })),
      generatedAt: new Date().toISOString(),
    };
  }

  /** Waiting, running, delayed and failed jobs per queue; null when Redis does not answer in time. */
  private async queueHealth(): Promise<QueueHealthView[] | null> {
    const counts = this.queues.countsOf(declaredQueueNames());
    try {
      return await withTimeout(counts, REDIS_TIMEOUT_MS, () => new Error('Redis did not answer the dashboard in time'));
    } catch (error) {
      this.logger.warn({ err: error }, 'queue health left out of the dashboard');
      return null;
    }
  }
}
