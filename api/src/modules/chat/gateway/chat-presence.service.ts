import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { ChatLimits, type PresenceView } from '../../../contracts/chat.contract.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { REDIS } from '../../../platform/queue/redis.js';
import { ChatEmitter } from './chat-emitter.js';
import { chatKeyPrefix, SocketRooms } from './chat-redis.js';

/**
 * Adds or refreshes one connection (KEYS: the person's connections, everyone's newest expiry, last
 * seen; ARGV: now, expiry, ttl, connection id, user id). Answers 1 when the person came online (a
 * new connection is their only one), else 0.
 */
const TOUCH = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local added = redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], 'GT', ARGV[2], ARGV[5])
redis.call('HSET', KEYS[3], ARGV[5], ARGV[1])
if added == 1 and redis.call('ZCARD', KEYS[1]) == 1 then return 1 end
return 0`;

/** Drops one connection (ARGV: now, connection id, user id); 1 when it was the person's last one. */
const DROP = `
local removed = redis.call('ZREM', KEYS[1], ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[1])
if redis.call('ZCARD', KEYS[1]) > 0 then return 0 end
redis.call('ZREM', KEYS[2], ARGV[3])
return removed`;

/** A person whose newest connection lapsed (ARGV: now, user id): 1 when none is alive any longer. */
const LAPSE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] then
  redis.call('ZADD', KEYS[2], newest[2], ARGV[2])
  return 0
end
return redis.call('ZREM', KEYS[2], ARGV[2])`;

/** People swept per pass; the rest wait for the next. */
const SWEEP_BATCH = 500;

/**
 * Who is online, in Redis so every API instance and the workers agree: each person has the set of
 * their live connections (on any instance), each with an expiry pushed forward by heartbeats. A
 * person is online while one has not lapsed; a crashed instance's connections lapse after
 * ChatLimits.presenceTtlMs, and the sweep then announces those people offline. Last seen is the
 * last connect, heartbeat or disconnect.
 */
@Injectable()
export class ChatPresence {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly emitter: ChatEmitter,
  ) {
    this.prefix = `${chatKeyPrefix(config)}:presence`;
  }

  private connectionsKey(userId: string): string {
    return `${this.prefix}:connections:${userId}`;
  }
  private get everyoneKey(): string {
    return `${this.prefix}:everyone`;
  }
  private get lastSeenKey(): string {
    return `${this.prefix}:last-seen`;
  }

  /** TOUCH's keys and arguments for one connection. */
  private touchArgs(userId: string, connectionId: string, now: number) {
    const expiry = now + ChatLimits.presenceTtlMs;
    const keys = [this.connectionsKey(userId), this.everyoneKey, this.lastSeenKey];
    return [keys.length, ...keys, now, expiry, ChatLimits.presenceTtlMs, connectionId, userId] as const;
  }

  /** Records a live connection (a connect or a heartbeat); true when the person just came online. */
  async touch(userId: string, connectionId: string, now = Date.now()): Promise<boolean> {
    return (await this.redis.eval(TOUCH, ...this.touchArgs(userId, connectionId, now))) === 1;
  }

  /** Refreshes many live connections at once (an instance's heartbeat for all its sockets). */
  async touchAll(connections: ReadonlyArray<{ userId: string; connectionId: string }>, now = Date.now()): Promise<string[]> {
    if (connections.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const { userId, connectionId } of connections) pipeline.eval(TOUCH, ...this.touchArgs(userId, connectionId, now));
    const results = (await pipeline.exec()) ?? [];
    // A connection the sweep had already given up on (a stalled instance) makes its person online again.
    return connections.filter((_, index) => !results[index]?.[0] && results[index]?.[1] === 1).map(({ userId }) => userId);
  }

  /** Records a closed connection; true when it was the person's last one (they went offline). */
  async drop(userId: string, connectionId: string, now = Date.now()): Promise<boolean> {
    const wentOffline = await this.redis.eval(
      DROP,
      3,
      this.connectionsKey(userId),
      this.everyoneKey,
      this.lastSeenKey,
      now,
      connectionId,
      userId,
    );
    return wentOffline === 1;
  }

  /**
   * The people whose every connection lapsed (their instance stopped without saying so): they are
   * offline now, and the caller announces it. Every instance sweeps; the removal is atomic, so each
   * person is named by one sweep only.
   */
  async sweepLapsed(now = Date.now()): Promise<string[]> {
    const candidates = await this.redis.zrangebyscore(this.everyoneKey, '-inf', now, 'LIMIT', 0, SWEEP_BATCH);
    if (candidates.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const userId of candidates) pipeline.eval(LAPSE, 2, this.connectionsKey(userId), this.everyoneKey, now, userId);
    const results = (await pipeline.exec()) ?? [];
    return candidates.filter((_, index) => !results[index]?.[0] && results[index]?.[1] === 1);
  }

  /** Which of these people have a live connection now (the chat push skips them). */
  async onlineAmong(userIds: readonly string[], now = Date.now()): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const userId of userIds) pipeline.zcount(this.connectionsKey(userId), now + 1, '+inf');
    const results = (await pipeline.exec()) ?? [];
    const online = new Set<string>();
    userIds.forEach((userId, index) => {
      const [error, count] = results[index] ?? [new Error('no answer'), 0];
      if (error) throw error;
      if (Number(count) > 0) online.add(userId);
    });
    return online;
  }

  /** Each person's presence, in the order asked. */
  async of(userIds: readonly string[], now = Date.now()): Promise<PresenceView[]> {
    if (userIds.length === 0) return [];
    const [online, seen] = await Promise.all([this.onlineAmong(userIds, now), this.redis.hmget(this.lastSeenKey, ...userIds)]);
    return userIds.map((userId, index) => {
      const lastSeen = seen[index];
      return { userId, isOnline: online.has(userId), lastSeen: lastSeen ? new Date(Number(lastSeen)).toISOString() : null };
    });
  }

  /** `presence` to the feeds of the person's rooms. */
  announce(presence: PresenceView, roomIds: readonly string[]): void {
    if (roomIds.length > 0) this.emitter.to(roomIds.map(SocketRooms.feed)).emit('presence', presence);
  }
}
