import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { ChangeSignals } from './change-signals.js';
import { createRedis, readyWithin, REDIS } from './redis.js';

export { REDIS };

const REDIS_READY_TIMEOUT_MS = 3_000;

@Global()
@Module({
  providers: [
    ChangeSignals,
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const redis = createRedis(config.REDIS_URL, 'client', config.REDIS_COMMAND_TIMEOUT_MS);
        // Outages also surface through /health and failing requests (503); the client keeps reconnecting.
        const outage = new OutageLog('command connection', new Logger(QueueModule.name), { networkErrorsFrom: 'Redis' });
        redis.on('error', (error: Error) => outage.failed(error));
        redis.on('ready', () => outage.recovered());
        return redis;
      },
    },
  ],
  exports: [REDIS, ChangeSignals],
})
export class QueueModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(QueueModule.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The first requests after a start must not race the connection (they would fail at once). */
  async onApplicationBootstrap(): Promise<void> {
    if (!(await readyWithin(this.redis, REDIS_READY_TIMEOUT_MS))) {
      this.logger.warn('Redis is not reachable yet; requests that need it fail until it is');
    }
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
