import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { DependencyUnavailableError } from '../dependencies/dependency-failure.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { JobQueues, type QueuedJob } from '../jobs/job-queues.js';
import { JobRegistry } from '../jobs/job-registry.js';
import { PollingLoop } from '../polling-loop.js';
import { withTimeout } from '../with-timeout.js';
import { InvalidDomainEventError, parsePayload } from './domain-event.js';
import { OutboxListener } from './outbox-listener.js';
import { OutboxRepository, type PendingEvent } from './outbox.repository.js';

const BATCH_SIZE = 100;
/** While Redis is away the batch gives up (and rolls back) instead of holding its row locks open. */
const ENQUEUE_TIMEOUT_MS = 5_000;

/**
 * Moves committed outbox rows onto BullMQ: one job per (event, job it starts), with the job id
 * `<job name>@<outbox id>`, so a crash between enqueue and commit cannot start a job twice. Rows are
 * locked with SKIP LOCKED so several relays can run. Events no job consumes stay pending.
 *
 * With OUTBOX_LISTEN (the default) PostgreSQL wakes it when events commit (a trigger on the table
 * notifies, the listener hears it), and the poll every OUTBOX_POLL_MS only catches what a lost
 * notification or a dropped listening connection missed.
 */
@Injectable()
export class OutboxRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  /** Polling up to four times a second, an outage is one line, a reminder a minute, and the recovery. */
  private readonly outage = new OutageLog('outbox relay', this.logger, { networkErrorsFrom: 'PostgreSQL' });
  private readonly loop: PollingLoop;
  private readonly listener: OutboxListener | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly registry: JobRegistry,
    private readonly queues: JobQueues,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.loop = new PollingLoop(config.OUTBOX_POLL_MS, async () => void (await this.drain()), this.outage);
    this.listener = config.OUTBOX_LISTEN ? new OutboxListener(config, () => this.loop.wake()) : undefined;
  }

  start(): void {
    this.loop.start();
    this.listener?.start();
  }

  /** Whether PostgreSQL's notifications reach the relay right now (false when it only polls). */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /** Publishes until nothing is pending; returns how many events went out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { handled, published } = await this.relayBatch();
      total += published;
      if (handled < BATCH_SIZE) return total;
    }
  }

  private async relayBatch(): Promise<{ handled: number; published: number }> {
    return this.dataSource.transaction(async (tx) => {
      const rows = await this.outbox.lockPending(tx, this.registry.routedEventTypes(), BATCH_SIZE);
      const published: string[] = [];
      const jobs: QueuedJob[] = [];
      for (const row of rows) {
        const started = await this.jobsOf(tx, row);
        if (!started) continue;
        published.push(row.id);
        jobs.push(...started);
      }
      if (jobs.length > 0) {
        await withTimeout(
          this.queues.addAll(jobs),
          ENQUEUE_TIMEOUT_MS,
          () => new DependencyUnavailableError('Redis', 'Redis did not accept the jobs in time'),
        );
      }
      await this.outbox.markPublished(tx, published);
      return { handled: rows.length, published: published.length };
    });
  }

  /** The jobs an event starts; a payload that fails its schema is refused and recorded instead (undefined). */
  private async jobsOf(tx: EntityManager, row: PendingEvent): Promise<QueuedJob[] | undefined> {
    const route = this.registry.route(row.type)!;
    let payload: Record<string, unknown>;
    try {
      payload = parsePayload(route.event, row.payload) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof InvalidDomainEventError)) throw error;
      this.logger.error({ outboxId: row.id, type: row.type, err: error }, 'outbox event refused: its payload fails the schema');
      await this.outbox.markRejected(tx, row.id, error.message);
      return undefined;
    }
    // The ids go last: a payload's own fields cannot replace them. The request id is for the logs only.
    const requestId = row.request_id ? { requestId: row.request_id } : {};
    return route.jobs.map((job) => ({ job, data: { ...payload, ...requestId, outboxId: row.id } }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
    await this.loop.stop();
  }
}
