import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { OutageLog } from '../../../platform/dependencies/outage-log.js';
import { createRedis } from '../../../platform/queue/redis.js';

type PrefixConfig = Pick<AppConfig, 'QUEUE_PREFIX'>;

/** Typing and presence keys: under the deployment's prefix, so parallel test runs never meet. */
export const chatKeyPrefix = (config: PrefixConfig): string => `${config.QUEUE_PREFIX}:chat`;

/** The socket.io adapter's and emitter's channel prefix: both sides must use the same one. */
export const socketIoChannelKey = (config: PrefixConfig): string => `${config.QUEUE_PREFIX}:socket.io`;

/** The socket.io rooms a chat socket is in. */
export const SocketRooms = {
  /** Sockets that opened the room (room:join): its messages, receipts and typing. */
  room: (roomId: string) => `room:${roomId}`,
  /** Every connection of every member: the room list's activity, presence. */
  feed: (roomId: string) => `feed:${roomId}`,
  /** Every connection of one person. */
  user: (userId: string) => `user:${userId}`,
} as const;

/**
 * socket.io's Redis adapter and emitter publish without waiting for the answer; a publish that fails
 * (Redis away) must be logged, not left as an unhandled rejection that ends the process. Broadcasts
 * are fire and forget: a client that missed one resyncs from its last seq.
 */
export function publishesWithoutWaiting(redis: Redis, outage: OutageLog): Redis {
  const publish = redis.publish.bind(redis) as (channel: string, message: string | Buffer) => Promise<number>;
  const guarded = (channel: string, message: string | Buffer): Promise<number> => {
    const sent = publish(channel, message);
    sent.then(
      () => outage.recovered(),
      (error: unknown) => outage.failed(error),
    );
    return sent;
  };
  redis.publish = guarded as Redis['publish'];
  return redis;
}

/**
 * The adapter's own two connections. The publisher fails fast like the API's command client (a
 * broadcast during an outage is dropped); the subscriber queues its SUBSCRIBE until Redis answers
 * and resubscribes after every reconnect, so an instance started while Redis was away joins later.
 */
export function createAdapterConnections(config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_COMMAND_TIMEOUT_MS'>): { pub: Redis; sub: Redis } {
  const logger = new Logger('ChatSocketAdapter');
  const pubOutage = new OutageLog('chat socket publisher', logger, { networkErrorsFrom: 'Redis' });
  const subOutage = new OutageLog('chat socket subscriber', logger, { networkErrorsFrom: 'Redis' });
  const pub = publishesWithoutWaiting(createRedis(config.REDIS_URL, 'client', config.REDIS_COMMAND_TIMEOUT_MS), pubOutage);
  pub.on('error', (error: Error) => pubOutage.failed(error));
  pub.on('ready', () => pubOutage.recovered());
  const sub = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectTimeout: 2_000, autoResubscribe: true });
  sub.on('error', (error: Error) => subOutage.failed(error));
  sub.on('ready', () => subOutage.recovered());
  return { pub, sub };
}
