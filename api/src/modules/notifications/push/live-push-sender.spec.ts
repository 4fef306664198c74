import { randomUUID } from 'node:crypto';
import { withTimeout } from '../../../platform/with-timeout.js';
import { type DeviceKind } from '../entities/push-device.entity.js';
import { LivePushSender, type PushChannel, UnconfiguredFcm } from './live-push-sender.js';
import { type PushItem, type PushOutcome } from './push-sender.port.js';

/** A provider that answers each push by its token ("…-gone" is gone) and remembers what it got. */
class RecordingChannel implements PushChannel {
  readonly calls: string[][] = [];
  closed = false;

  constructor(private readonly before: () => Promise<void> = async () => undefined) {}

  async send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]> {
    this.calls.push(items.map((item) => item.target.token));
    await this.before();
    return items.map((item) =>
      item.target.token.endsWith('-gone') ? { status: 'gone', reason: item.target.token } : { status: 'delivered' },
    );
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

function item(kind: DeviceKind, token: string): PushItem {
  const notificationId = randomUUID();
  return {
    message: {
      notificationId,
      type: 'event_update',
      title: 'Sunday Jazz moved',
      body: 'It now starts at 8 pm.',
      link: '/event/42',
      imageUrl: null,
      collapseKey: notificationId.replaceAll('-', ''),
    },
    target: { deviceId: randomUUID(), kind, token, p256dh: kind === 'webpush' ? 'key' : null, auth: kind === 'webpush' ? 'secret' : null },
  };
}

describe('LivePushSender', () => {
  it('sends each push through its device’s provider and answers in the order of the items', async () => {
    const [webpush, fcm] = [new RecordingChannel(), new RecordingChannel()];
    const items = [
      item('fcm', 'phone-1'),
      item('webpush', 'https://push.example/browser-1-gone'),
      item('webpush', 'https://push.example/browser-2'),
      item('fcm', 'phone-2-gone'),
      item('fcm', 'phone-3'),
    ];

    const outcomes = await new LivePushSender({ webpush, fcm }).send(items);

    expect(webpush.calls).toEqual([['https://push.example/browser-1-gone', 'https://push.example/browser-2']]);
    expect(fcm.calls).toEqual([['phone-1', 'phone-2-gone', 'phone-3']]);
    expect(outcomes).toEqual([
      { status: 'delivered' },
      { status: 'gone', reason: 'https://push.example/browser-1-gone' },
      { status: 'delivered' },
      { status: 'gone', reason: 'phone-2-gone' },
      { status: 'delivered' },
    ]);
  });

  it('sends to both providers at once', async () => {
    let fcmStarted: () => void = () => undefined;
    const fcmCalled = new Promise<void>((resolve) => (fcmStarted = resolve));
    // Web Push answers only once FCM was called too: one after the other, it would never answer.
    const webpush = new RecordingChannel(() => withTimeout(fcmCalled, 2_000, 'FCM was not called while Web Push was busy'));
    const fcm = new RecordingChannel(async () => fcmStarted());

    const outcomes = await new LivePushSender({ webpush, fcm }).send([item('webpush', 'https://push.example/1'), item('fcm', 'phone')]);

    expect(outcomes).toEqual([{ status: 'delivered' }, { status: 'delivered' }]);
  });

  it('calls no provider for nothing, and none for a kind without pushes', async () => {
    const [webpush, fcm] = [new RecordingChannel(), new RecordingChannel()];
    const sender = new LivePushSender({ webpush, fcm });

    expect(await sender.send([])).toEqual([]);
    await sender.send([item('fcm', 'phone')]);

    expect(webpush.calls).toEqual([]);
    expect(fcm.calls).toEqual([['phone']]);
  });

  it('refuses pushes to the mobile app, and still sends to browsers, when FCM is not configured', async () => {
    const webpush = new RecordingChannel();
    const sender = new LivePushSender({ webpush, fcm: new UnconfiguredFcm() });

    const outcomes = await sender.send([item('fcm', 'phone'), item('webpush', 'https://push.example/1')]);

    expect(outcomes).toEqual([{ status: 'rejected', reason: expect.stringContaining('FCM is not configured') }, { status: 'delivered' }]);
  });

  it('closes both providers when the application stops', async () => {
    const [webpush, fcm] = [new RecordingChannel(), new RecordingChannel()];
    await new LivePushSender({ webpush, fcm }).onApplicationShutdown();
    expect([webpush.closed, fcm.closed]).toEqual([true, true]);
  });
});
