import { Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { type Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { ChangeSignals } from './change-signals.js';
import { createRedis, readyWithin, REDIS } from './redis.js';
import { DEFAULT_JOB_OPTIONS, JOB_QUEUE, QueueName, type JobName } from './queue.constants.js';

export { REDIS };

const REDIS_READY_TIMEOUT_MS = 3_000;

/** Typed producer over the queues; only the outbox relay and a few parent jobs enqueue directly. */
@Injectable()
export class JobQueues implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queues: ReadonlyMap<QueueName, Queue>;
  private readonly logger = new Logger(JobQueues.name);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.connection = createRedis(config.REDIS_URL, 'queue');
    this.queues = new Map(
      Object.values(QueueName).map((name) => {
        const queue = new Queue(name, { connection: this.connection, prefix: config.QUEUE_PREFIX, defaultJobOptions: DEFAULT_JOB_OPTIONS });
        queue.on('error', (error) => this.logger.warn({ queue: name, err: error }, 'queue connection error'));
        return [name, queue];
      }),
    );
  }

  queueFor(job: JobName): Queue {
    return this.queues.get(JOB_QUEUE[job])!;
  }

  async add(job: JobName, data: Record<string, unknown>, jobId: string): Promise<void> {
    await this.queueFor(job).add(job, data, { jobId });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.connection.disconnect();
  }
}

@Global()
@Module({
  providers: [
    JobQueues,
    ChangeSignals,
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = createRedis(config.REDIS_URL, 'client');
        // Outages surface through /health and failing requests; the client keeps reconnecting.
        redis.on('error', () => undefined);
        return redis;
      },
    },
  ],
  exports: [JobQueues, REDIS, ChangeSignals],
})
export class QueueModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueModule.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The first requests after a start must not race the connection (they would fail at once). */
  async onApplicationBootstrap(): Promise<void> {
    if (!(await readyWithin(this.redis, REDIS_READY_TIMEOUT_MS))) {
      this.logger.warn('Redis is not reachable yet; requests that need it fail until it is');
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
