import { Injectable, Logger } from '@nestjs/common';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { AnalyticsRepository } from '../analytics.repository.js';

export const AnalyticsPartitionsJob = defineScheduledJob({
  name: 'analytics.partitions',
  queue: 'analytics',
  everyMs: 24 * 3600_000,
  attempts: 5,
  backoff: { type: 'exponential', delay: 60_000 },
});

/** Months ahead that always have their partition: a month of missed runs still leaves one to spare. */
export const PARTITION_MONTHS_AHEAD = 2;

/**
 * Makes analytics_event's monthly partitions ahead of time. PostgreSQL says which are missing, so a
 * missed run is made good by the next, and runs side by side make each partition once.
 */
@Injectable()
@HandlesJob(AnalyticsPartitionsJob)
export class AnalyticsPartitionsHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(AnalyticsPartitionsHandler.name);

  constructor(private readonly repository: AnalyticsRepository) {}

  async handle(): Promise<void> {
    const made = await this.repository.ensurePartitions(PARTITION_MONTHS_AHEAD);
    if (made > 0) this.logger.log({ made }, 'analytics partitions made');
  }
}
