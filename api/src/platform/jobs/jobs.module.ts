import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobMetrics, QueueMetrics } from './job-metrics.js';
import { JobQueues } from './job-queues.js';
import { JobReconciler } from './job-reconciler.service.js';
import { JobRegistry } from './job-registry.js';
import { JobRunner } from './job-runner.service.js';

/** The job registry and the machinery that runs jobs; only the workers process starts it. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [JobRegistry, JobQueues, JobRunner, JobReconciler, JobMetrics, QueueMetrics],
  exports: [JobRegistry, JobQueues, JobRunner, JobReconciler, JobMetrics, QueueMetrics],
})
export class JobsModule {}
