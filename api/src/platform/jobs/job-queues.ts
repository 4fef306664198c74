import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, type JobsOptions } from 'bullmq';
import { type Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { dependencyFailure } from '../dependencies/dependency-failure.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { createRedis } from '../queue/redis.js';
import { jobIdFor, type AnyJobDefinition, type JobData, type JobDefinition, type ScheduledJobDefinition } from './job-definition.js';

/** A job to add, with the data its event gives it. */
export interface QueuedJob {
  job: JobDefinition;
  data: JobData<JobDefinition>;
}

export const QUEUE_STATES = ['waiting', 'active', 'failed', 'delayed'] as const;
export type QueueCounts = { queue: string } & Record<(typeof QUEUE_STATES)[number], number>;

const RETENTION: JobsOptions = {
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/** Producer over the BullMQ queues; only the outbox relay and the reconciler enqueue. */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly logger = new Logger(JobQueues.name);
  private readonly outage = new OutageLog('job queues', this.logger, { networkErrorsFrom: 'Redis' });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.connection = createRedis(config.REDIS_URL, 'queue');
    this.connection.on('ready', () => this.outage.recovered());
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.config.QUEUE_PREFIX });
      queue.on('error', (error) => {
        if (dependencyFailure(error)) this.outage.failed(error);
        else this.logger.warn({ queue: name, err: error }, 'queue error');
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Jobs waiting, active, failed and delayed in each of `queues` (what the metrics and the admin dashboard show). */
  countsOf(queues: readonly string[]): Promise<QueueCounts[]> {
    return Promise.all(
      queues.map(async (queue) => {
        const { waiting = 0, active = 0, failed = 0, delayed = 0 } = await this.queue(queue).getJobCounts(...QUEUE_STATES);
        return { queue, waiting, active, failed, delayed };
      }),
    );
  }

  /** Adds the job an outbox event starts; a second add of the same (job, event) is a no-op. */
  async add<Job extends JobDefinition>(job: Job, data: JobData<Job>): Promise<void> {
    await this.addAll([{ job, data }]);
  }

  /** Adds many such jobs, one round trip per queue. */
  async addAll(jobs: ReadonlyArray<QueuedJob>): Promise<void> {
    const byQueue = new Map<string, QueuedJob[]>();
    for (const queued of jobs) byQueue.set(queued.job.queue, [...(byQueue.get(queued.job.queue) ?? []), queued]);
    await Promise.all(
      [...byQueue].map(([queue, queued]) =>
        this.queue(queue).addBulk(
          queued.map(({ job, data }) => ({ name: job.name, data, opts: { ...this.options(job), jobId: jobIdFor(job, data.outboxId) } })),
        ),
      ),
    );
  }

  /** Creates or updates the job's scheduler (one per job name): it adds a run every `everyMs` (or its setting's period). */
  async schedule(job: ScheduledJobDefinition): Promise<void> {
    const every = job.everyMsSetting ? this.config[job.everyMsSetting] : job.everyMs;
    await this.queue(job.queue).upsertJobScheduler(job.name, { every }, { name: job.name, data: {}, opts: this.options(job) });
  }

  private options(job: AnyJobDefinition): JobsOptions {
    const delay = Math.max(1, Math.round(job.backoff.delay * this.config.JOB_BACKOFF_SCALE));
    return { ...RETENTION, attempts: job.attempts, backoff: { type: job.backoff.type, delay } };
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.connection.disconnect();
  }
}
