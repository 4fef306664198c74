import { Inject, Injectable, Logger } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { type Redis } from 'ioredis';
import { CHAT_NAMESPACE, type ServerToClientEvents } from '../../../contracts/chat.contract.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { OutageLog } from '../../../platform/dependencies/outage-log.js';
import { REDIS } from '../../../platform/queue/redis.js';
import { socketIoChannelKey } from './chat-redis.js';

/**
 * Reaches the chat's sockets on every API instance from any process (an API instance, a worker):
 * socket.io's Redis emitter, publishing on the channels the instances' Redis adapter listens to.
 * Room joins and leaves go the same way (`socketsJoin`), in order with the emits after them.
 */
@Injectable()
export class ChatEmitter {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const outage = new OutageLog('chat broadcast', new Logger(ChatEmitter.name), { networkErrorsFrom: 'Redis' });
    // The shared command client (its commands time out); the emitter never waits for a publish.
    const publisher = {
      publish: (channel: string, message: string | Buffer): void => {
        redis.publish(channel, message).then(
          () => outage.recovered(),
          (error: unknown) => outage.failed(error),
        );
      },
    };
    this.emitter = new Emitter<ServerToClientEvents>(publisher, { key: socketIoChannelKey(config) }, CHAT_NAMESPACE);
  }

  /** The sockets in any of these socket.io rooms, on every instance. */
  to(rooms: string | string[]) {
    return this.emitter.to(rooms);
  }
}
