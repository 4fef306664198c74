import { Logger } from '@nestjs/common';
import { type Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { type DataSource } from 'typeorm';
import { withTimeout } from '../with-timeout.js';

/** How long one scrape may wait on Redis or PostgreSQL for a gauge before it reports none. */
export const COLLECT_TIMEOUT_MS = 2_000;

/**
 * Node's process metrics, collected once per process: each collection starts an event-loop delay
 * monitor and a GC observer that nothing stops, so one per application instance (tests start many)
 * would pile up.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This process's Prometheus registry: Node's own process metrics (CPU, memory, event-loop lag, GC);
 * the PostgreSQL pool, the HTTP server, the job runner and the backlog gauges add theirs.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly logger = new Logger(Metrics.name);
  private readonly collectFailures: Counter<'gauge'>;

  constructor() {
    processMetrics();
    this.collectFailures = new Counter({
      name: 'tribe_metrics_collect_failures_total',
      help: 'Scrapes where a gauge could not be read in time (it is left out of that scrape)',
      labelNames: ['gauge'],
      registers: [this.registry],
    });
  }

  /** The pg pool under TypeORM: connections open, idle, and callers waiting for one. */
  exportPool(dataSource: DataSource): void {
    const pool = () => (dataSource.driver as unknown as { master?: Pool }).master;
    new Gauge({
      name: 'tribe_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const current = pool();
        if (!current) return;
        this.set({ state: 'total' }, current.totalCount);
        this.set({ state: 'idle' }, current.idleCount);
        this.set({ state: 'waiting' }, current.waitingCount);
      },
    });
  }

  /**
   * A gauge read on each scrape from a dependency, bounded by COLLECT_TIMEOUT_MS: when the read fails
   * or is late the gauge is left out of that scrape (an absent series, not a stale number).
   */
  asyncGauge<Label extends string>(
    options: { name: string; help: string; labelNames: readonly Label[] },
    read: () => Promise<Array<{ labels: Partial<Record<Label, string>>; value: number }>>,
  ): void {
    const { logger, collectFailures } = this;
    new Gauge<Label>({
      ...options,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const { labels, value } of await withTimeout(read(), COLLECT_TIMEOUT_MS, `${options.name} timed out`))
            this.set(labels, value);
        } catch (error) {
          collectFailures.inc({ gauge: options.name });
          logger.warn({ err: error, gauge: options.name }, 'metric not collected');
        }
      },
    });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    const scraped = Registry.merge([processMetrics(), this.registry]);
    return { contentType: scraped.contentType, body: await scraped.metrics() };
  }
}
