import { Logger } from '@nestjs/common';
import { type Redis } from 'ioredis';
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
  /** The connections opened with one session (closed when it ends). */
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** The commands socket.io's Redis adapter sends without waiting for their answer. */
const UNAWAITED_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * socket.io's Redis adapter publishes and subscribes without waiting for the answer; a command that
 * fails (Redis away) must be logged, not left as an unhandled rejection that ends the process. Those
 * still queued when the application closes the connection itself fail quietly. Broadcasts are fire
 * and forget: a client that missed one resyncs from its last seq.
 */
function failuresLogged(redis: Redis, outage: OutageLog, closing: () => boolean): Redis {
  for (const name of UNAWAITED_COMMANDS) {
    const command = (redis[name] as (...args: unknown[]) => Promise<unknown>).bind(redis);
    const guarded = (...args: unknown[]): Promise<unknown> => {
      const answer = command(...args);
      answer.then(
        () => outage.recovered(),
        (error: unknown) => (closing() ? undefined : outage.failed(error)),
      );
      return answer;
    };
    Object.assign(redis, { [name]: guarded });
  }
  return redis;
}

/**
 * The adapter's own two connections, made as the platform makes its others (`createRedis`). The
 * publisher fails fast like the API's command client (a broadcast during an outage is dropped); the
 * subscriber is made like ChangeSignals' one: it queues its SUBSCRIBE until Redis answers and
 * resubscribes after every reconnect, so an instance started while Redis was away joins later.
 */
export function createAdapterConnections(config: Pick<AppConfig, 'REDIS_URL' | 'REDIS_COMMAND_TIMEOUT_MS'>): {
  pub: Redis;
  sub: Redis;
  close: () => void;
} {
  const logger = new Logger('ChatSocketAdapter');
  const pubOutage = new OutageLog('chat socket publisher', logger, { networkErrorsFrom: 'Redis' });
  const subOutage = new OutageLog('chat socket subscriber', logger, { networkErrorsFrom: 'Redis' });
  let closed = false;
  const closing = () => closed;
  const pub = failuresLogged(createRedis(config.REDIS_URL, 'client', config.REDIS_COMMAND_TIMEOUT_MS), pubOutage, closing);
  const sub = failuresLogged(createRedis(config.REDIS_URL, 'queue'), subOutage, closing);
  pub.on('error', (error: Error) => pubOutage.failed(error));
  pub.on('ready', () => pubOutage.recovered());
  sub.on('error', (error: Error) => subOutage.failed(error));
  sub.on('ready', () => subOutage.recovered());
  return {
    pub,
    sub,
    close: () => {
      closed = true;
      pub.disconnect();
      sub.disconnect();
    },
  };
}
