import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
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

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
