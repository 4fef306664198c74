import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { getPriority, setPriority } from 'node:os';
import { ConfigError, parseConfig } from '../../api/src/platform/config/config.schema.js';
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
  closeOnSignals(app, (message) => logger.info(message));
  const queues = app.get(JobRunner).start();
  app.get(OutboxRelay).start();
  app.get(JobReconciler).start();
  logger.info({ queues }, 'workers started');
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
