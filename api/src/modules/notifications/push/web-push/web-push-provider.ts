import { Agent } from 'node:https';
import webpush, { type VapidKeys } from 'web-push';
import { mapConcurrently } from '../../../../platform/map-concurrently.js';
import { withTimeout } from '../../../../platform/with-timeout.js';
import { isTimeSensitive, PUSH_TTL_SECONDS, pushPayload } from '../push-content.js';
import { type PushItem, type PushOutcome } from '../push-sender.port.js';
import { PushTimeout } from '../push-timeout.js';
import { webPushOutcome } from './web-push-outcome.js';
import { subscriptionOf } from './web-push-subscription.js';

/** RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. */
const WEB_PUSH_TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

export interface WebPushSettings {
  vapid: VapidKeys & { subject: string };
  /** Bound on each push request. */
  timeoutMs: number;
  /** Pushes in flight at once (each is its own request to a browser vendor's push service). */
  concurrency: number;
  /** The connections' agent: keep-alive by default; tests give one that trusts their local push service. */
  agent?: Agent;
}

/**
 * Pushes to browsers through Web Push (RFC 8030) with the web-push library: the payload encrypted for
 * the subscription (RFC 8291), signed with our VAPID keys (RFC 8292), kept a day for an offline
 * browser, and under a `Topic` (the message's collapse key) so that a push sent again replaces the
 * first one still waiting at the push service.
 */
export class WebPushProvider {
  private readonly agent: Agent;

  constructor(private readonly settings: WebPushSettings) {
    this.agent = settings.agent ?? new Agent({ keepAlive: true, maxSockets: settings.concurrency });
  }

  send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    return mapConcurrently(items, this.settings.concurrency, (item) => this.push(item));
  }

  close(): Promise<void> {
    if (!this.settings.agent) this.agent.destroy();
    return Promise.resolve();
  }

  private async push({ message, target }: PushItem): Promise<PushOutcome> {
    const checked = subscriptionOf(target);
    if (!checked.ok) return { status: 'gone', reason: checked.reason };
    if (!WEB_PUSH_TOPIC.test(message.collapseKey)) {
      return { status: 'rejected', reason: 'the collapse key is not a Web Push topic (1 to 32 URL-safe base64 characters)' };
    }
    const { timeoutMs, vapid } = this.settings;
    try {
      const sent = webpush.sendNotification(checked.subscription, JSON.stringify(pushPayload(message)), {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: isTimeSensitive(message.type) ? 'high' : 'normal',
        topic: message.collapseKey,
        timeout: timeoutMs,
        agent: this.agent,
      });
      await withTimeout(sent, timeoutMs, () => new PushTimeout('the push service', timeoutMs));
      return { status: 'delivered' };
    } catch (error) {
      return webPushOutcome(error);
    }
  }
}
