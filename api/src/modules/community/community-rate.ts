import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { CommunityRates, type CommunityRateKind } from '../../contracts/community.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { FixedWindowCounter, type FixedWindowRate } from '../../platform/queue/fixed-window.js';
import { REDIS } from '../../platform/queue/redis.js';
import { CommunityTooFastError } from './community.errors.js';

/**
 * What one person may do in the community, per window of CommunityRates (the limits are the
 * COMMUNITY_*_LIMIT settings). Past it the write is refused with 429 and Retry-After, before anything
 * is stored. Without Redis nothing is refused.
 */
@Injectable()
export class CommunityRate {
  private readonly counter: FixedWindowCounter;
  private readonly rates: Record<CommunityRateKind, FixedWindowRate>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.counter = new FixedWindowCounter(redis, new Logger(CommunityRate.name));
    this.rates = {
      post: { ...CommunityRates.post, limit: config.COMMUNITY_POST_LIMIT },
      comment: { ...CommunityRates.comment, limit: config.COMMUNITY_COMMENT_LIMIT },
      like: { ...CommunityRates.like, limit: config.COMMUNITY_LIKE_LIMIT },
      follow: { ...CommunityRates.follow, limit: config.COMMUNITY_FOLLOW_LIMIT },
      report: { ...CommunityRates.report, limit: config.COMMUNITY_REPORT_LIMIT },
    };
  }

  async take(kind: CommunityRateKind, userId: string): Promise<void> {
    const retryAfterSeconds = await this.counter.take(`community:rate:${kind}:${userId}`, this.rates[kind]);
    if (retryAfterSeconds !== null) throw new CommunityTooFastError(kind, retryAfterSeconds);
  }
}
