import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { type JobName } from '../queue/queue.constants.js';
import { JobQueues } from '../queue/queue.module.js';
import { withTimeout } from '../with-timeout.js';
import { EVENT_ROUTES, type DomainEventType } from './event-routes.js';

const BATCH_SIZE = 100;

/**
 * Event types some job consumes. The others stay pending in the outbox, untouched, until the issue
 * that consumes them adds a route (and decides what to do with the ones already there).
 */
const ROUTED_TYPES = Object.entries(EVENT_ROUTES)
  .filter(([, jobs]) => jobs.length > 0)
  .map(([type]) => type);
/** While Redis is away the batch gives up (and rolls back) instead of holding its row locks open. */
const ENQUEUE_TIMEOUT_MS = 5_000;

interface PendingRow {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Moves committed outbox rows onto BullMQ. Rows are locked with SKIP LOCKED so several relays can
 * run; the job id is the outbox row's id, so a crash between enqueue and commit cannot publish twice.
 */
@Injectable()
export class OutboxRelay implements OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: JobQueues,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, 'outbox relay failed; will retry'))
        .finally(() => this.schedule());
    }, this.config.OUTBOX_POLL_MS);
  }

  /** Publishes until nothing is pending; returns how many events went out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.relayBatch();
      total += published;
      if (published < BATCH_SIZE) return total;
    }
  }

  private async relayBatch(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows: PendingRow[] = await tx.query(
        `SELECT id, type, payload FROM outbox_event
          WHERE published_at IS NULL AND type = ANY($2) ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [BATCH_SIZE, ROUTED_TYPES],
      );
      for (const row of rows) {
        const jobs: readonly JobName[] = EVENT_ROUTES[row.type as DomainEventType];
        // The outbox id goes last: a payload's own fields (an event's `eventId`) cannot replace it.
        const data = { ...row.payload, outboxId: row.id };
        for (const job of jobs) await withTimeout(this.queues.add(job, data, row.id), ENQUEUE_TIMEOUT_MS, 'Redis did not accept the job in time');
      }
      if (rows.length > 0) {
        await tx.query('UPDATE outbox_event SET published_at = now() WHERE id = ANY($1)', [rows.map((row) => row.id)]);
      }
      return rows.length;
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
