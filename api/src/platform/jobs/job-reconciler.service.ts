import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { DependencyUnavailableError, type Dependency } from '../dependencies/dependency-failure.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { PollingLoop } from '../polling-loop.js';
import { withTimeout } from '../with-timeout.js';
import { jobIdFor, type JobData } from './job-definition.js';
import { JobMetrics } from './job-metrics.js';
import { JobQueues } from './job-queues.js';
import { JobRegistry, type EventJob } from './job-registry.js';

const DUE_BATCH = 100;
const REDIS_TIMEOUT_MS = 5_000;
const DATABASE_TIMEOUT_MS = 10_000;
/** A job that completed this long ago while its record is still due did not do its work: run it again. */
const COMPLETED_SETTLE_MS = 60_000;

/** A bounded wait on `dependency` that ran out. */
const timedOut = (dependency: Dependency, message: string) => () => new DependencyUnavailableError(dependency, message);

export interface ReconcileReport {
  /** Jobs Redis no longer had (lost with its data), added again. */
  requeued: number;
  /** Jobs that had used up their attempts (an outage outlasted them), retried from the start. */
  retried: number;
  /** Jobs that completed without their record leaving the due state, run again. */
  rerun: number;
}

/**
 * PostgreSQL says what work is due; Redis only carries it. Every interval, each job's handler lists
 * the records still due, and any whose job is missing, failed for good, or long completed is queued
 * again under the same job id (so a job still waiting or running is never doubled).
 */
@Injectable()
export class JobReconciler implements OnApplicationShutdown {
  private readonly logger = new Logger(JobReconciler.name);
  private readonly outage = new OutageLog('job reconciler', this.logger, { networkErrorsFrom: 'PostgreSQL' });
  private readonly loop: PollingLoop;

  constructor(
    private readonly registry: JobRegistry,
    private readonly queues: JobQueues,
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    metrics: JobMetrics,
  ) {
    this.loop = new PollingLoop(
      config.RECONCILE_INTERVAL_MS,
      async () => {
        const report = await this.reconcile().catch((error: unknown) => {
          metrics.reconcilePassed('failed');
          throw error;
        });
        metrics.reconcilePassed('completed');
        if (report.requeued + report.retried + report.rerun > 0) this.logger.warn(report, 'reconciler queued due work again');
      },
      this.outage,
    );
  }

  start(): void {
    this.loop.start();
    // The first pass waits an interval; schedules should not.
    this.ensureSchedules().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'could not declare the job schedules yet; the next pass will'),
    );
  }

  async reconcile(): Promise<ReconcileReport> {
    const report: ReconcileReport = { requeued: 0, retried: 0, rerun: 0 };
    await this.ensureSchedules();
    for (const job of this.registry.eventJobs()) {
      const due = await withTimeout(
        job.handler.findDue(DUE_BATCH),
        DATABASE_TIMEOUT_MS,
        timedOut('PostgreSQL', `${job.definition.name}: finding due work timed out`),
      );
      const payloads = due as Array<Record<string, unknown>>;
      // Until the relay has published an event, its job is the relay's to start.
      const outboxIds = await withTimeout(
        this.outbox.latestPublishedIds(job.definition.startedBy.type, payloads),
        DATABASE_TIMEOUT_MS,
        timedOut('PostgreSQL', 'outbox lookup timed out'),
      );
      for (const [index, outboxId] of outboxIds.entries()) {
        const outcome = outboxId && (await this.requeue(job, payloads[index]!, outboxId));
        if (outcome) report[outcome] += 1;
      }
    }
    return report;
  }

  /** Scheduled jobs live in Redis as job schedulers: (re)declared on every pass, so a lost one comes back. */
  private async ensureSchedules(): Promise<void> {
    for (const { definition } of this.registry.scheduledJobs()) {
      await withTimeout(
        this.queues.schedule(definition),
        REDIS_TIMEOUT_MS,
        timedOut('Redis', `Redis did not take the schedule of ${definition.name} in time`),
      );
    }
  }

  private async requeue(
    { definition }: EventJob,
    payload: Record<string, unknown>,
    outboxId: string,
  ): Promise<keyof ReconcileReport | undefined> {
    const id = jobIdFor(definition, outboxId);
    const queue = this.queues.queue(definition.queue);
    const redis = <T>(call: Promise<T>) =>
      withTimeout(call, REDIS_TIMEOUT_MS, timedOut('Redis', `Redis did not answer about ${id} in time`));
    const data = { ...payload, outboxId } as JobData<typeof definition>;

    const job = await redis(queue.getJob(id));
    if (!job) {
      await redis(this.queues.add(definition, data));
      this.logger.warn({ jobId: id }, 'job lost from Redis; queued again');
      return 'requeued';
    }
    const state = await redis(job.getState());
    if (state === 'failed') {
      await redis(job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }));
      this.logger.warn({ jobId: id }, 'job had failed for good while its work is still due; retrying');
      return 'retried';
    }
    if (state === 'completed' && Date.now() - (job.finishedOn ?? 0) > COMPLETED_SETTLE_MS) {
      await redis(job.remove());
      await redis(this.queues.add(definition, data));
      this.logger.warn({ jobId: id }, 'job completed but its work is still due; running it again');
      return 'rerun';
    }
    return undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }
}
