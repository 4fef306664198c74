import 'reflect-metadata';
import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getPriority, setPriority } from 'node:os';
import { ConfigError, parseConfig } from '../../api/src/platform/config/config.schema.js';
import { DependencyProbes } from '../../api/src/platform/health/dependency-probes.js';
import { Readiness } from '../../api/src/platform/health/readiness.js';
import { QueueMetrics } from '../../api/src/platform/jobs/job-metrics.js';
import { Metrics } from '../../api/src/platform/metrics/metrics.js';
import { startOpsServer, textResponse, type OpsRoutes } from '../../api/src/platform/metrics/ops-server.js';
import { OutboxMetrics } from '../../api/src/platform/outbox/outbox-metrics.js';
import { JobReconciler } from '../../api/src/platform/jobs/job-reconciler.service.js';
import { JobRunner } from '../../api/src/platform/jobs/job-runner.service.js';
import { closeOnSignals } from '../../api/src/platform/lifecycle.js';
import { createLogger, PinoNestLogger } from '../../api/src/platform/logging/logger.js';
import { OutboxRelay } from '../../api/src/platform/outbox/outbox-relay.service.js';
import { WorkersModule } from './workers.module.js';

/** The workers process: runs every module's jobs, relays the outbox, and reconciles due work. */
async function main() {
  const config = parseConfig();
  const logger = createLogger(config.LOG_LEVEL, 'workers');
  lowerPriority(config.WORKERS_NICE, (message, error) => logger.warn({ err: error }, message));
  // Boot fails (and names the job) when a declared job has no handler.
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.get(QueueMetrics).export();
  app.get(OutboxMetrics).export();
  const opsServer = await startOpsServer(config.API_HOST, config.WORKERS_OPS_PORT, opsRoutes(app));
  logger.info({ port: opsServer.port }, `ops endpoints listening on port ${opsServer.port}`);
  // Workers have no load balancer to wait for: on SIGTERM they stop taking jobs at once.
  closeOnSignals(app, (message) => logger.info(message), { drainMs: 0, graceMs: config.SHUTDOWN_GRACE_MS, afterClose: opsServer.close });
  const queues = app.get(JobRunner).start();
  app.get(OutboxRelay).start();
  app.get(JobReconciler).start();
  logger.info({ queues }, 'workers started');
}

/** Liveness (the process answers), readiness (PostgreSQL and Redis reachable, not shutting down), metrics. */
function opsRoutes(app: INestApplicationContext): OpsRoutes {
  const [probes, readiness, metrics] = [app.get(DependencyProbes), app.get(Readiness), app.get(Metrics)];
  return {
    '/live': async () => textResponse(200, 'ok'),
    '/ready': async () => {
      if (readiness.draining) return textResponse(503, 'shutting down');
      const [database, redis] = await Promise.all([probes.database(), probes.redisUp()]);
      const ready = database === 'up' && redis === 'up';
      return textResponse(ready ? 200 : 503, `database ${database}, redis ${redis}`);
    },
    '/metrics': async () => ({ status: 200, ...(await metrics.render()) }),
  };
}

/**
 * Background work gives way to requests: the process (its main thread, where the jobs' JavaScript
 * runs, and the threads it starts from here on) takes a lower CPU priority, so on a machine shared
 * with the API a burst of jobs delays the jobs rather than people's requests. Raising one's own
 * nice value needs no privilege; a process started nicer already is left as it is.
 */
function lowerPriority(nice: number, warn: (message: string, error: unknown) => void): void {
  try {
    if (nice > 0 && getPriority() < nice) setPriority(nice);
  } catch (error) {
    warn('could not lower the workers process priority; it runs at its starting priority', error);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
