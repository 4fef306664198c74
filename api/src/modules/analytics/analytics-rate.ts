import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { AnalyticsLimits } from '../../contracts/analytics.contract.js';
import { FixedWindowCounter } from '../../platform/queue/fixed-window.js';
import { REDIS } from '../../platform/queue/redis.js';
import { throttledAddress } from '../auth/client-address.js';
import { AnalyticsTooFastError } from './analytics.errors.js';

/**
 * Batches per client address (an IPv6 /64 counts as one, as for sign-in), AnalyticsLimits per window.
 * The address is only ever a hash in a Redis key that expires two windows later; nothing stores it.
 * Without Redis nothing is refused.
 */
@Injectable()
export class AnalyticsRate {
  private readonly counter: FixedWindowCounter;

  constructor(@Inject(REDIS) redis: Redis) {
    this.counter = new FixedWindowCounter(redis, new Logger(AnalyticsRate.name));
  }

  async take(ip: string): Promise<void> {
    const client = createHash('sha256').update(throttledAddress(ip)).digest('base64url');
    const retryAfterSeconds = await this.counter.take(`analytics:rate:${client}`, {
      limit: AnalyticsLimits.batchesPerWindow,
      windowMs: AnalyticsLimits.windowMs,
    });
    if (retryAfterSeconds !== null) throw new AnalyticsTooFastError(retryAfterSeconds);
  }
}
