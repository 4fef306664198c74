import { Injectable } from '@nestjs/common';
import { JobRegistry } from '../jobs/job-registry.js';
import { Metrics } from '../metrics/metrics.js';
import { OutboxRepository, type OutboxBacklog } from './outbox.repository.js';

/** The outbox backlog: events some job waits for that the relay has not published yet. */
@Injectable()
export class OutboxMetrics {
  constructor(
    private readonly metrics: Metrics,
    private readonly outbox: OutboxRepository,
    private readonly registry: JobRegistry,
  ) {}

  /** Read from PostgreSQL on each scrape; exported by the workers, where the relay runs. */
  export(): void {
    // Both gauges come from one query per scrape.
    let last: { at: number; read: Promise<OutboxBacklog> } | undefined;
    const backlog = () => {
      if (!last || Date.now() - last.at > 1_000) last = { at: Date.now(), read: this.outbox.backlog(this.registry.routedEventTypes()) };
      return last.read;
    };
    this.metrics.asyncGauge(
      { name: 'tribe_outbox_pending_events', help: 'Outbox events waiting for the relay', labelNames: [] },
      async () => [{ labels: {}, value: (await backlog()).pending }],
    );
    this.metrics.asyncGauge(
      {
        name: 'tribe_outbox_oldest_pending_age_seconds',
        help: 'Age of the oldest outbox event waiting for the relay (0 when none waits)',
        labelNames: [],
      },
      async () => [{ labels: {}, value: (await backlog()).oldestAgeSeconds }],
    );
  }
}
