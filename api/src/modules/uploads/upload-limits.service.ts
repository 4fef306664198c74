import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { REDIS } from '../../platform/queue/queue.module.js';
import { MediaRepository } from './media.repository.js';
import { quotaExceeded, tooManyUploads } from './uploads.errors.js';

interface RateWindow {
  name: string;
  seconds: number;
  limit: number;
}

/**
 * What one person may upload. A rate in fixed windows (per minute and per hour, Redis counters): every
 * attempt counts before its body is read, refused ones too, since reading and decoding is the cost;
 * over a limit is a 429 with Retry-After until the window ends. And a storage quota over the bytes of
 * their uploads: checked before the body is read (already full) and again, under a lock on the person,
 * in the transaction that records the upload (this file does not fit): a 413.
 */
@Injectable()
export class UploadLimits {
  private readonly windows: RateWindow[];

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly media: MediaRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.windows = [
      { name: 'minute', seconds: 60, limit: config.UPLOAD_RATE_PER_MINUTE },
      { name: 'hour', seconds: 3600, limit: config.UPLOAD_RATE_PER_HOUR },
    ];
  }

  /** Counts an upload attempt; throws 429 (Retry-After: the end of the fullest window) over a limit. */
  async admit(userId: string): Promise<void> {
    const transaction = this.redis.multi();
    for (const window of this.windows) {
      const key = `${this.config.QUEUE_PREFIX}:uploads:${window.name}:${userId}`;
      transaction.incr(key).expire(key, window.seconds, 'NX').ttl(key);
    }
    const results = await transaction.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('upload limits: the Redis transaction was aborted');
    let wait = 0;
    this.windows.forEach((window, index) => {
      const count = Number(results[index * 3]![1]);
      const ttl = Number(results[index * 3 + 2]![1]);
      if (count > window.limit) wait = Math.max(wait, ttl > 0 ? ttl : window.seconds);
    });
    if (wait > 0) throw tooManyUploads(wait);
  }

  /**
   * Refuses when the person's uploads already fill the quota (before the body is read), or when `bytes`
   * more would not fit (before the file is stored). Without a lock: `reserve` decides.
   */
  async checkRoomFor(userId: string, bytes = 0): Promise<void> {
    const used = await this.media.bytesOwnedBy(userId);
    if (used >= this.config.UPLOAD_QUOTA_BYTES || used + bytes > this.config.UPLOAD_QUOTA_BYTES) throw this.overQuota(used);
  }

  /** Inside the transaction that records the upload: `bytes` more must fit. Holds the person's lock to the commit. */
  async reserve(tx: EntityManager, userId: string, bytes: number): Promise<void> {
    await this.media.lockOwnerUploads(tx, userId);
    const used = await this.media.bytesOwnedBy(userId, tx);
    if (used + bytes > this.config.UPLOAD_QUOTA_BYTES) throw this.overQuota(used);
  }

  private overQuota(usedBytes: number) {
    return quotaExceeded({ bytes: this.config.UPLOAD_QUOTA_BYTES, usedBytes, sweepGraceHours: this.config.UPLOAD_SWEEP_GRACE_HOURS });
  }
}
