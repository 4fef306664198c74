import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module.js';
import { type AppConfig } from '../config/config.schema.js';
import { dependencyFailure } from '../dependencies/dependency-failure.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { createRedis, REDIS } from './redis.js';

type Listener = () => void;

/** What processes keep in memory and must drop when someone, anywhere, changes it; named by its module. */
export type ChangeTopic = string;

/**
 * "This changed" announcements between processes, over Redis pub/sub: each API replica keeps its
 * own caches, and a write on one replica (or in a worker) must empty them on every other.
 * Fire-and-forget: if Redis is down the announcement is lost and the caches' own expiry bounds
 * the staleness. A process never hears its own announcements; it has already acted on them.
 */
@Injectable()
export class ChangeSignals implements OnApplicationShutdown {
  private readonly origin = randomUUID();
  private readonly listeners = new Map<string, Listener[]>();
  private subscriber?: Redis;
  private readonly logger = new Logger(ChangeSignals.name);
  /** Announcements fail as often as things change while Redis is away: one outage, not a line each. */
  private readonly announcing = new OutageLog('change announcements', this.logger, { networkErrorsFrom: 'Redis' });
  private readonly listening = new OutageLog('change subscriptions', this.logger, { networkErrorsFrom: 'Redis' });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Other processes catch up when their caches expire if the announcement is lost. */
  announce(topic: ChangeTopic): void {
    this.redis.publish(this.channel(topic), this.origin).then(
      () => this.announcing.recovered(),
      (error: unknown) => this.announcing.failed(error),
    );
  }

  /** Resolves once the subscription is in place, so changes made afterwards are heard. */
  async on(topic: ChangeTopic, listener: Listener): Promise<void> {
    const channel = this.channel(topic);
    const known = this.listeners.get(channel);
    if (known) {
      known.push(listener);
      return;
    }
    this.listeners.set(channel, [listener]);
    await this.subscriberConnection().subscribe(channel);
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }

  private subscriberConnection(): Redis {
    if (this.subscriber) return this.subscriber;
    // A connection in subscriber mode can do nothing else; it resubscribes by itself after a reconnect.
    const subscriber = createRedis(this.config.REDIS_URL, 'queue');
    subscriber.on('error', (error: Error) => {
      if (dependencyFailure(error)) this.listening.failed(error);
      else this.logger.warn({ err: error }, 'change subscription error');
    });
    subscriber.on('ready', () => this.listening.recovered());
    subscriber.on('message', (channel: string, origin: string) => {
      if (origin === this.origin) return;
      for (const listener of this.listeners.get(channel) ?? []) listener();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  private channel(topic: ChangeTopic): string {
    return `${this.config.QUEUE_PREFIX}:changed:${topic}`;
  }
}
