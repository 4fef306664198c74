import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { ChatLimits } from '../../contracts/chat.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { FixedWindowCounter } from '../../platform/queue/fixed-window.js';
import { REDIS } from '../../platform/queue/redis.js';
import { SendingTooFastError } from './chat.errors.js';

/**
 * The per-member send rate: a fixed window of ChatLimits.sendWindowMs per member and room, counted in
 * Redis so every API instance shares it. Past CHAT_SEND_BURST messages in it the send is refused with a 429
 * that says when to try again; nothing is stored, so nothing is dropped unseen (the client keeps the
 * message with its Retry). Without Redis the limit is not applied: a send is never refused for it.
 */
@Injectable()
export class ChatSendRate {
  private readonly counter: FixedWindowCounter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.counter = new FixedWindowCounter(redis, new Logger(ChatSendRate.name));
  }

  async take(userId: string, roomId: string): Promise<void> {
    const retryAfterSeconds = await this.counter.take(`chat:send-rate:${roomId}:${userId}`, {
      limit: this.config.CHAT_SEND_BURST,
      windowMs: ChatLimits.sendWindowMs,
    });
    if (retryAfterSeconds !== null) throw new SendingTooFastError(retryAfterSeconds);
  }
}
