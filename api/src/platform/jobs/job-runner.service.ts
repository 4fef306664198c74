import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { type Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { dependencyFailure } from '../dependencies/dependency-failure.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { InvalidDomainEventError, parsePayload } from '../outbox/domain-event.js';
import { createRedis } from '../queue/redis.js';
import { withLogContext, type LogContext } from '../logging/log-context.js';
import { type JobData } from './job-definition.js';
import { JobMetrics, type JobOutcome } from './job-metrics.js';
import { isEventJob, JobRegistry, type EventJob } from './job-registry.js';

/**
 * A crashed worker's lock lapses within LOCK_MS (it is renewed every LOCK_MS / 2) and the stalled
 * check, every STALLED_CHECK_MS, hands its jobs to another worker: about 10 s in all.
 */
export const LOCK_MS = 8_000;
export const STALLED_CHECK_MS = 2_000;
/**
 * How many times a job may be found stalled (its worker died under it) and go back to its queue
 * before it fails. BullMQ's default of 1 failed for good a job caught by two crashes, leaving it to
 * the reconciler minutes later; every job is idempotent, so a few more runs cost nothing.
 */
export const MAX_STALLS = 5;

type AnyJobData = JobData<EventJob['definition']>;

/** Runs one BullMQ worker per queue the registry knows, each job by its module's handler. */
@Injectable()
export class JobRunner implements OnApplicationShutdown {
  private readonly logger = new Logger(JobRunner.name);
  /** Every worker's connections report a lost Redis, many times a second while it is away: one outage. */
  private readonly outage = new OutageLog('job runner', this.logger, { networkErrorsFrom: 'Redis' });
  private workers: Worker<AnyJobData>[] = [];
  private connection: Redis | undefined;

  constructor(
    private readonly registry: JobRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: JobMetrics,
  ) {}

  start(): string[] {
    this.connection = createRedis(this.config.REDIS_URL, 'queue');
    this.connection.on('ready', () => this.outage.recovered());
    const queues = this.registry.queueNames();
    this.workers = queues.map((queue) => {
      const limit = this.registry.queueRateLimit(queue);
      const worker = new Worker<AnyJobData>(queue, (job) => this.run(job), {
        connection: this.connection!,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: this.registry.concurrencyOf(queue),
        ...(limit ? { limiter: { max: limit.max, duration: limit.perMs } } : {}),
        lockDuration: LOCK_MS,
        stalledInterval: STALLED_CHECK_MS,
        maxStalledCount: MAX_STALLS,
      });
      worker.on('failed', (job, error) => void (job ? withLogContext(this.logContextOf(job), () => this.failed(job, error)) : undefined));
      worker.on('error', (error) => {
        if (dependencyFailure(error)) this.outage.failed(error);
        else this.logger.error({ err: error, queue }, 'worker error');
      });
      return worker;
    });
    return queues;
  }

  /** Each attempt runs in its log context (every line it writes names the job) and is timed. */
  private async run(job: Job<AnyJobData>): Promise<void> {
    const started = performance.now();
    let outcome: JobOutcome = 'failed';
    try {
      await withLogContext(this.logContextOf(job), () => this.handle(job));
      outcome = 'completed';
    } finally {
      this.metrics.observe(job.name, outcome, (performance.now() - started) / 1000);
    }
  }

  /** The job, its outbox event and the request that recorded the event (when one did). */
  private logContextOf(job: Job<AnyJobData>): LogContext {
    const { outboxId, requestId } = job.data as { outboxId?: unknown; requestId?: unknown };
    return {
      jobId: job.id,
      jobName: job.name,
      ...(typeof outboxId === 'string' ? { outboxId } : {}),
      ...(typeof requestId === 'string' ? { reqId: requestId } : {}),
    };
  }

  private async handle(job: Job<AnyJobData>): Promise<void> {
    const registered = this.registry.get(job.name);
    if (!registered) throw new Error(`No handler for job ${job.name}`);
    if (isEventJob(registered)) await registered.handler.handle(this.dataOf(registered, job.data));
    else await registered.handler.handle();
  }

  /** Checked again on the way in: a job added by hand (or by an older release) must still fit. */
  private dataOf({ definition }: EventJob, data: AnyJobData): AnyJobData {
    try {
      return { ...(parsePayload(definition.startedBy, data) as Record<string, unknown>), outboxId: data.outboxId };
    } catch (error) {
      // Retrying cannot fix the data: fail the job at once.
      if (error instanceof InvalidDomainEventError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  private async failed(job: Job<AnyJobData>, error: Error): Promise<void> {
    const registered = this.registry.get(job.name);
    const attempts = job.opts.attempts ?? registered?.definition.attempts ?? 1;
    this.logger.warn({ job: job.name, jobId: job.id, attempt: job.attemptsMade, err: error }, 'job attempt failed');
    if (job.attemptsMade < attempts || !registered || !isEventJob(registered) || !registered.handler.onLastFailure) return;
    try {
      await registered.handler.onLastFailure(job.data, error);
    } catch (hookError) {
      this.logger.error({ err: hookError, job: job.name, jobId: job.id }, 'last-failure hook failed; the reconciler will retry the job');
    }
  }

  /** Lets running jobs finish (BullMQ's close waits for them). */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.connection?.disconnect();
  }
}
