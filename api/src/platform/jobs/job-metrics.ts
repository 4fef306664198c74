import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { Metrics } from '../metrics/metrics.js';
import { JobQueues, QUEUE_STATES } from './job-queues.js';
import { JobRegistry } from './job-registry.js';

export type JobOutcome = 'completed' | 'failed';

/** Job runs: duration and attempts by job name. */
@Injectable()
export class JobMetrics {
  private readonly duration: Histogram<'job' | 'outcome'>;
  private readonly attempts: Counter<'job' | 'outcome'>;
  private readonly reconcilePasses: Counter<'outcome'>;

  constructor(metrics: Metrics) {
    this.duration = new Histogram({
      name: 'tribe_job_duration_seconds',
      help: 'Job attempts run by this process, by job name and outcome',
      labelNames: ['job', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers: [metrics.registry],
    });
    this.attempts = new Counter({
      name: 'tribe_job_attempts_total',
      help: 'Job attempts run by this process, by job name and outcome (a retry is one more attempt)',
      labelNames: ['job', 'outcome'],
      registers: [metrics.registry],
    });
    this.reconcilePasses = new Counter({
      name: 'tribe_reconciler_passes_total',
      help: 'Passes of the job reconciler in this process, by outcome (a reconciler that stopped passing finds no lost work)',
      labelNames: ['outcome'],
      registers: [metrics.registry],
    });
  }

  reconcilePassed(outcome: JobOutcome): void {
    this.reconcilePasses.inc({ outcome });
  }

  observe(job: string, outcome: JobOutcome, seconds: number): void {
    this.duration.observe({ job, outcome }, seconds);
    this.attempts.inc({ job, outcome });
  }
}

/** The queues' depths. */
@Injectable()
export class QueueMetrics {
  constructor(
    private readonly metrics: Metrics,
    private readonly registry: JobRegistry,
    private readonly queues: JobQueues,
  ) {}

  /**
   * Jobs waiting, active, failed and delayed per queue, read from Redis on each scrape. The workers
   * export them (the API does not, so a cluster-wide number is not repeated by every API pod).
   */
  export(): void {
    this.metrics.asyncGauge({ name: 'tribe_queue_jobs', help: 'Jobs per queue and state', labelNames: ['queue', 'state'] }, async () => {
      const perQueue = await this.queues.countsOf(this.registry.queueNames());
      return perQueue.flatMap((counts) => QUEUE_STATES.map((state) => ({ labels: { queue: counts.queue, state }, value: counts[state] })));
    });
  }
}
