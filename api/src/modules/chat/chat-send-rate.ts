import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { ChatLimits } from '../../contracts/chat.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
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
  private readonly logger = new Logger(ChatSendRate.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async take(userId: string, roomId: string): Promise<void> {
    const window = Math.floor(Date.now() / ChatLimits.sendWindowMs);
    const key = `chat:send-rate:${roomId}:${userId}:${window}`;
    let sent: number;
    try {
      const [[, count]] = (await this.redis
        .multi()
        .incr(key)
        .pexpire(key, ChatLimits.sendWindowMs * 2)
        .exec()) as [[null, number]];
      sent = count;
    } catch (error) {
      this.logger.warn({ err: error, roomId }, 'chat send rate not counted: Redis is unavailable');
      return;
    }
    if (sent > this.config.CHAT_SEND_BURST) {
      const endsInMs = (window + 1) * ChatLimits.sendWindowMs - Date.now();
      throw new SendingTooFastError(Math.max(1, Math.ceil(endsInMs / 1000)));
    }
  }
}
