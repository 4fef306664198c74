import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { sandboxId } from './sandbox-ids.js';
import { hmacHex } from './sandbox-signatures.js';
import { webhookBody, type SandboxWebhookEvent } from './sandbox-webhook-events.js';

/** Time as the sender sees it: tests pass their own. A timer must not keep the process alive. */
export interface SenderClock {
  now(): Date;
  /** Calls `callback` after `ms`; the function returned cancels it. */
  after(ms: number, callback: () => void): () => void;
}

export const REAL_CLOCK: SenderClock = {
  now: () => new Date(),
  after: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface SandboxWebhookSettings {
  url: string;
  secret: string;
  /** The share of events delivered a second time with the same event id (0 to 1). */
  duplicateRate: number;
  /** Tries per delivery, the first included. */
  attempts: number;
  attemptTimeoutMs: number;
  /** The wait before the first retry, doubled before each further one. */
  firstBackoffMs: number;
  clock?: SenderClock;
  random?: () => number;
  logger?: Pick<Logger, 'warn'>;
}

export const SANDBOX_WEBHOOK_SETTINGS = Symbol('SANDBOX_WEBHOOK_SETTINGS');

const messageOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'message' in value ? String(value.message) : String(value);

/** "fetch failed: connect ECONNREFUSED 127.0.0.1:9": fetch hides the reason in `cause`. */
function describeFailure(error: unknown): string {
  const cause = typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  return cause === undefined ? messageOf(error) : `${messageOf(error)}: ${messageOf(cause)}`;
}

interface Delivery {
  event: string;
  eventId: string;
  body: string;
  signature: string;
}

/**
 * Posts the sandbox's signed, Razorpay-shaped webhooks in the background: a caller never waits for
 * one, and a failure is logged, never thrown. Each delivery is retried with backoff on an error, a
 * timeout or an answer other than 2xx; some are delivered twice with the same event id, as Razorpay
 * sometimes does, so the product's handling of duplicates is exercised every day.
 */
@Injectable()
export class SandboxWebhookSender implements OnApplicationShutdown {
  private readonly clock: SenderClock;
  private readonly random: () => number;
  private readonly logger: Pick<Logger, 'warn'>;
  private readonly deliveries = new Set<Promise<void>>();
  private readonly waits = new Set<() => void>();
  private readonly requests = new Set<AbortController>();
  private closed = false;

  constructor(@Inject(SANDBOX_WEBHOOK_SETTINGS) private readonly settings: SandboxWebhookSettings) {
    this.clock = settings.clock ?? REAL_CLOCK;
    this.random = settings.random ?? Math.random;
    this.logger = settings.logger ?? new Logger(SandboxWebhookSender.name);
  }

  send(event: SandboxWebhookEvent): void {
    if (this.closed) return;
    const body = JSON.stringify(webhookBody(event, this.clock.now()));
    const delivery: Delivery = { event: event.event, eventId: sandboxId('evt'), body, signature: hmacHex(this.settings.secret, body) };
    const twice = this.random() < this.settings.duplicateRate;
    const done = this.deliver(delivery)
      .then(() => (twice ? this.deliver(delivery) : undefined))
      .finally(() => this.deliveries.delete(done));
    this.deliveries.add(done);
  }

  /** Resolves when every delivery under way has ended (delivered or given up). */
  async settled(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all(this.deliveries);
  }

  /** Stops every delivery: waits between attempts end, requests under way are aborted, new events are dropped. */
  async close(): Promise<void> {
    this.closed = true;
    for (const request of this.requests) request.abort(new Error('the sandbox is shutting down'));
    for (const stop of this.waits) stop();
    await this.settled();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const { attempts, firstBackoffMs } = this.settings;
    for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
      const failure = await this.attempt(delivery);
      if (failure === undefined) return;
      if (this.closed) return;
      const retry = attempt < attempts ? `retrying in ${firstBackoffMs * 2 ** (attempt - 1)} ms` : 'giving up';
      this.logger.warn(
        `sandbox webhook ${delivery.event} ${delivery.eventId}: attempt ${attempt} of ${attempts} failed (${failure}); ${retry}`,
      );
      if (attempt < attempts) await this.wait(firstBackoffMs * 2 ** (attempt - 1));
    }
  }

  /** undefined when delivered, else what went wrong. */
  private async attempt(delivery: Delivery): Promise<string | undefined> {
    const request = new AbortController();
    this.requests.add(request);
    const { attemptTimeoutMs } = this.settings;
    const cancelTimeout = this.clock.after(attemptTimeoutMs, () => request.abort(new Error(`no answer within ${attemptTimeoutMs} ms`)));
    try {
      const response = await fetch(this.settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
        signal: request.signal,
      });
      // Read to the end, so the connection can be reused; the timeout still applies.
      await response.arrayBuffer();
      return response.ok ? undefined : `answered ${response.status}`;
    } catch (error) {
      return describeFailure(error);
    } finally {
      cancelTimeout();
      this.requests.delete(request);
    }
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const stop = () => {
        cancel();
        this.waits.delete(stop);
        resolve();
      };
      const cancel = this.clock.after(ms, stop);
      this.waits.add(stop);
    });
  }
}
