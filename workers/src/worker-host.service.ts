import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { type Redis } from 'ioredis';
import { APP_CONFIG } from '../../api/src/platform/config/config.module.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { OutboxRelay } from '../../api/src/platform/outbox/outbox-relay.service.js';
import { DEFAULT_JOB_OPTIONS, JobName, QueueName } from '../../api/src/platform/queue/queue.constants.js';
import { createRedis } from '../../api/src/platform/queue/redis.js';
import { JOB_HANDLERS, type JobData, type JobHandler } from './job-handler.js';

/** Checks that every job has a handler, then runs one BullMQ worker per queue and the outbox relay. */
@Injectable()
export class WorkerHost implements OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHost.name);
  private readonly handlers: Map<JobName, JobHandler>;
  private workers: Worker<JobData>[] = [];
  private connection: Redis | undefined;

  constructor(
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly relay: OutboxRelay,
  ) {
    this.handlers = new Map(handlers.map((handler) => [handler.job, handler]));
    const missing = Object.values(JobName).filter((job) => !this.handlers.has(job));
    if (missing.length > 0) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
  }

  start(): void {
    this.connection = createRedis(this.config.REDIS_URL, 'queue');
    this.workers = Object.values(QueueName).map((queue) => {
      const worker = new Worker<JobData>(queue, (job) => this.run(job), {
        connection: this.connection!,
        prefix: this.config.QUEUE_PREFIX,
        concurrency: 4,
      });
      worker.on('failed', (job, error) => void this.failed(job, error));
      worker.on('error', (error) => this.logger.error({ err: error, queue }, 'worker error'));
      return worker;
    });
    this.relay.start();
    this.logger.log({ queues: Object.values(QueueName) }, 'workers started');
  }

  private async run(job: Job<JobData>): Promise<void> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) throw new Error(`No handler for job ${job.name}`);
    await handler.handle(job.data, job);
  }

  private async failed(job: Job<JobData> | undefined, error: Error): Promise<void> {
    if (!job) return;
    const attempts = job.opts.attempts ?? DEFAULT_JOB_OPTIONS.attempts ?? 1;
    this.logger.warn({ job: job.name, jobId: job.id, attempt: job.attemptsMade, err: error }, 'job attempt failed');
    if (job.attemptsMade < attempts) return;
    try {
      await this.handlers.get(job.name as JobName)?.onLastFailure?.(job.data, error);
    } catch (hookError) {
      this.logger.error({ err: hookError, job: job.name, jobId: job.id }, 'last-failure hook failed');
    }
  }

  /** Lets running jobs finish (BullMQ's close waits for them), then stops the relay. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
    this.connection?.disconnect();
  }
}
