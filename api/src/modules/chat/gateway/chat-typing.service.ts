import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { ChatLimits, type TypingView } from '../../../contracts/chat.contract.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { REDIS } from '../../../platform/queue/redis.js';
import { ChatEmitter } from './chat-emitter.js';
import { chatKeyPrefix, SocketRooms } from './chat-redis.js';

/** The typers still within the TTL, as [userId, announcedAt, name, …] (KEYS: typers, names; ARGV: now, ttl). */
const LIST = `
local typers = redis.call('ZRANGEBYSCORE', KEYS[1], tonumber(ARGV[1]) - tonumber(ARGV[2]), '+inf', 'WITHSCORES')
local answer = {}
for i = 1, #typers, 2 do
  answer[#answer + 1] = typers[i]
  answer[#answer + 1] = typers[i + 1]
  answer[#answer + 1] = redis.call('HGET', KEYS[2], typers[i]) or ''
end
return answer`;

/**
 * One announcement (ARGV: now, ttl, throttle, user id, name, 1 typing / 0 stopped). Answers the
 * room's typers, or false when nothing changed: a repeat within the throttle, a stop of no one typing.
 */
const ANNOUNCE = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if ARGV[6] == '1' then
  local previous = redis.call('ZSCORE', KEYS[1], ARGV[4])
  if previous and now - tonumber(previous) < tonumber(ARGV[3]) then return false end
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('HSET', KEYS[2], ARGV[4], ARGV[5])
else
  if redis.call('ZREM', KEYS[1], ARGV[4]) == 0 then return false end
  redis.call('HDEL', KEYS[2], ARGV[4])
end
-- The keys outlive their last entry, so that the lapse is seen (and announced) by a ZREMRANGEBYSCORE.
redis.call('PEXPIRE', KEYS[1], 2 * tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[2], 2 * tonumber(ARGV[2]))
${LIST}`;

/** Removes the lapsed typers (ARGV: now, ttl); answers the rest, or false when none lapsed. */
const LAPSE = `
if redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2])) == 0 then return false end
${LIST}`;

/** A lapse is announced this long after it is due (timers fire a little early or late). */
const LAPSE_SLACK_MS = 50;

/**
 * Typing indicators in Redis, per room: who announced typing when (a sorted set) and their names.
 * An announcement lapses ChatLimits.typingTtlMs after it was made; repeats within
 * ChatLimits.typingThrottleMs change nothing and are not broadcast. Whichever instance took an
 * announcement schedules the re-broadcast for when it lapses, so a typer whose client vanished
 * disappears from everyone's screen; of several instances only the one that removed it announces.
 */
@Injectable()
export class ChatTyping implements OnModuleDestroy {
  private readonly logger = new Logger(ChatTyping.name);
  private readonly prefix: string;
  private readonly lapses = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly emitter: ChatEmitter,
  ) {
    this.prefix = `${chatKeyPrefix(config)}:typing`;
  }

  private keys(roomId: string): [string, string] {
    return [`${this.prefix}:${roomId}`, `${this.prefix}-names:${roomId}`];
  }

  /** Who is typing in the room now. */
  async current(roomId: string, now = Date.now()): Promise<TypingView> {
    const answer = (await this.redis.eval(LIST, 2, ...this.keys(roomId), now, ChatLimits.typingTtlMs)) as string[];
    return this.view(roomId, answer);
  }

  /** The person started or stopped typing; the room hears of it unless nothing changed. */
  async announce(roomId: string, userId: string, userName: string, isTyping: boolean, now = Date.now()): Promise<void> {
    const answer = (await this.redis.eval(
      ANNOUNCE,
      2,
      ...this.keys(roomId),
      now,
      ChatLimits.typingTtlMs,
      ChatLimits.typingThrottleMs,
      userId,
      userName,
      isTyping ? 1 : 0,
    )) as string[] | null;
    if (answer) this.publish(this.view(roomId, answer));
  }

  onModuleDestroy(): void {
    for (const timer of this.lapses.values()) clearTimeout(timer);
    this.lapses.clear();
  }

  private publish(typing: TypingView): void {
    this.emitter.to(SocketRooms.room(typing.roomId)).emit('typing', typing);
    this.scheduleLapse(typing);
  }

  /** At the first lapse due, removes whoever lapsed and tells the room. */
  private scheduleLapse(typing: TypingView): void {
    clearTimeout(this.lapses.get(typing.roomId));
    this.lapses.delete(typing.roomId);
    if (typing.users.length === 0) return;
    const firstDue = Math.min(...typing.users.map((user) => Date.parse(user.timestamp))) + ChatLimits.typingTtlMs;
    const timer = setTimeout(
      () => {
        this.lapses.delete(typing.roomId);
        this.lapse(typing.roomId).catch((error: unknown) => this.logger.warn({ err: error, roomId: typing.roomId }, 'typing lapse failed'));
      },
      Math.max(0, firstDue - Date.now()) + LAPSE_SLACK_MS,
    );
    timer.unref();
    this.lapses.set(typing.roomId, timer);
  }

  private async lapse(roomId: string): Promise<void> {
    const answer = (await this.redis.eval(LAPSE, 2, ...this.keys(roomId), Date.now(), ChatLimits.typingTtlMs)) as string[] | null;
    if (answer) this.publish(this.view(roomId, answer));
    else {
      // Someone else announced the lapse; keep watching whoever still types.
      const typing = await this.current(roomId);
      this.scheduleLapse(typing);
    }
  }

  private view(roomId: string, answer: string[]): TypingView {
    const users: TypingView['users'] = [];
    for (let index = 0; index < answer.length; index += 3) {
      users.push({
        userId: answer[index]!,
        timestamp: new Date(Number(answer[index + 1])).toISOString(),
        userName: answer[index + 2] ?? '',
      });
    }
    return { roomId, users };
  }
}
