import { type Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';

/** One counted kind of action: at most `limit` in each window of `windowMs`. */
export interface FixedWindowRate {
  limit: number;
  windowMs: number;
}

/**
 * Counts actions per fixed window in Redis, so every API instance shares the count (the chat's send
 * rate, the community's posts, comments, likes and reports). A window is the wall clock cut into
 * `windowMs` slices; its counter expires one window after it ends. Without Redis nothing is refused:
 * a limit that cannot be counted is not applied, and the outage is logged.
 */
export class FixedWindowCounter {
  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
  ) {}

  /**
   * Counts one more action under `key`. Answers null while within the rate, else the whole seconds
   * (at least 1) until the window ends, when the next action is admitted.
   */
  async take(key: string, { limit, windowMs }: FixedWindowRate): Promise<number | null> {
    const window = Math.floor(Date.now() / windowMs);
    const windowKey = `${key}:${window}`;
    let taken: number;
    try {
      const [[, count]] = (await this.redis
        .multi()
        .incr(windowKey)
        .pexpire(windowKey, windowMs * 2)
        .exec()) as [[null, number]];
      taken = count;
    } catch (error) {
      this.logger.warn({ err: error, key }, 'rate not counted: Redis is unavailable');
      return null;
    }
    if (taken <= limit) return null;
    const endsInMs = (window + 1) * windowMs - Date.now();
    return Math.max(1, Math.ceil(endsInMs / 1000));
  }
}
