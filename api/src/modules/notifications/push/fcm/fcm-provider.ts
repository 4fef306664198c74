import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import { type App, type Credential, deleteApp, initializeApp } from 'firebase-admin/app';
import { getMessaging, type Messaging } from 'firebase-admin/messaging';
import { withTimeout } from '../../../../platform/with-timeout.js';
import { MAX_PUSHES_PER_SEND, type PushItem, type PushOutcome } from '../push-sender.port.js';
import { PushTimeout } from '../push-timeout.js';
import { fcmMessage } from './fcm-message.js';
import { fcmOutcome } from './fcm-outcome.js';

export interface FcmSettings {
  projectId: string;
  /** The service account's (firebase-admin's `cert()`). */
  credential: Credential;
  /** Bound on each call (one sendEach of up to MAX_PUSHES_PER_SEND pushes). */
  timeoutMs: number;
  /** Requests to FCM in flight at once (sendEach makes one per push). */
  connections: number;
}

/**
 * Pushes to the mobile app through FCM's HTTP v1 API with firebase-admin: `sendEach` of up to
 * MAX_PUSHES_PER_SEND pushes a call, each answered on its own. The SDK sends them over HTTP/1.1
 * keep-alive connections (its legacy transport): a bounded pool of sockets, and the transport the
 * tests exercise (docs/decisions.md, Push providers).
 */
export class FcmProvider {
  private readonly agent: Agent;
  private readonly app: App;
  private readonly messaging: Messaging;

  constructor(private readonly settings: FcmSettings) {
    this.agent = new Agent({ keepAlive: true, maxSockets: settings.connections });
    this.app = initializeApp(
      { projectId: settings.projectId, credential: settings.credential, httpAgent: this.agent },
      `fcm-${randomUUID()}`,
    );
    this.messaging = getMessaging(this.app);
    this.messaging.enableLegacyHttpTransport();
  }

  async send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    const outcomes: PushOutcome[] = [];
    for (let start = 0; start < items.length; start += MAX_PUSHES_PER_SEND) {
      outcomes.push(...(await this.sendEach(items.slice(start, start + MAX_PUSHES_PER_SEND))));
    }
    return outcomes;
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
    this.agent.destroy();
  }

  /**
   * A call that fails as a whole (the SDK refusing the batch, or no answer within the bound: the SDK
   * itself would wait 15 s a request and retry 4 times) gives every push of it the same outcome;
   * the pushes FCM did take meanwhile are collapsed on the phone when sent again.
   */
  private async sendEach(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    const { timeoutMs } = this.settings;
    try {
      const batch = await withTimeout(
        this.messaging.sendEach(items.map((item) => fcmMessage(item))),
        timeoutMs,
        () => new PushTimeout('FCM', timeoutMs),
      );
      return batch.responses.map((response) => (response.success ? { status: 'delivered' } : fcmOutcome(response.error)));
    } catch (error) {
      const outcome = fcmOutcome(error);
      return items.map(() => outcome);
    }
  }
}
