import { type OnApplicationShutdown } from '@nestjs/common';
import { type DeviceKind } from '../entities/push-device.entity.js';
import { type PushItem, type PushOutcome, PushSender } from './push-sender.port.js';

/** One provider's side of the live sender: the pushes to its kind of device, answered in order. */
export interface PushChannel {
  send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]>;
  close(): Promise<void>;
}

/** Without a Firebase service account, a push to the mobile app cannot be sent, now or later. */
export class UnconfiguredFcm implements PushChannel {
  send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    const reason = 'FCM is not configured (FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY)';
    return Promise.resolve(items.map(() => ({ status: 'rejected', reason })));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * PUSH_PROVIDER=live: each push goes through its device's provider (FCM for the mobile app, Web Push
 * for browsers), both at once, and the outcomes come back in the order of the items.
 */
export class LivePushSender extends PushSender implements OnApplicationShutdown {
  constructor(private readonly channels: Record<DeviceKind, PushChannel>) {
    super();
  }

  async send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    const outcomes = new Array<PushOutcome>(items.length);
    const kinds = Object.entries(this.channels) as Array<[DeviceKind, PushChannel]>;
    await Promise.all(
      kinds.map(async ([kind, channel]) => {
        const positions = items.flatMap((item, position) => (item.target.kind === kind ? [position] : []));
        if (positions.length === 0) return;
        const answered = await channel.send(positions.map((position) => items[position]!));
        positions.forEach((position, index) => (outcomes[position] = answered[index]!));
      }),
    );
    return outcomes;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.channels).map((channel) => channel.close()));
  }
}
