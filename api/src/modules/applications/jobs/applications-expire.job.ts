import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { ApplicationLifecycle } from '../application-lifecycle.js';
import { ApplicationsRepository } from '../applications.repository.js';

export const ApplicationsExpireJob = defineScheduledJob({
  name: 'applications.expire',
  queue: 'applications',
  everyMs: 60_000,
});

/** Applications expired per transaction, and per run at most this many batches. */
const BATCH = 50;
const MAX_BATCHES = 20;

/**
 * The capture window: a paid application still pending CAPTURE_WINDOW_HOURS after its payment was
 * authorised expires before the provider lets the authorisation lapse. Its payment is released and
 * both sides are told.
 */
@Injectable()
@HandlesJob(ApplicationsExpireJob)
export class ApplicationsExpireHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(ApplicationsExpireHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly lifecycle: ApplicationLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(): Promise<void> {
    const cutoff = new Date(Date.now() - this.config.CAPTURE_WINDOW_HOURS * 3_600_000);
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await this.applications.pendingAuthorizedBefore(cutoff, BATCH);
      for (const application of due) await this.expire(application.id);
      if (due.length < BATCH) return;
    }
  }

  private async expire(id: string): Promise<void> {
    const outcome = await this.dataSource.transaction((tx) => this.lifecycle.end(tx, id, 'expired', 'the capture window passed'));
    if (outcome === 'moved') this.logger.log({ applicationId: id }, 'application expired: the capture window passed');
  }
}
