import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigError, parseConfig } from '../../api/src/platform/config/config.schema.js';
import { closeOnSignals } from '../../api/src/platform/lifecycle.js';
import { createLogger, PinoNestLogger } from '../../api/src/platform/logging/logger.js';
import { WorkerHost } from './worker-host.service.js';
import { WorkersModule } from './workers.module.js';

async function main() {
  const config = parseConfig();
  const logger = createLogger(config.LOG_LEVEL, 'workers');
  const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  closeOnSignals(app, (message) => logger.info(message));
  app.get(WorkerHost).start();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
