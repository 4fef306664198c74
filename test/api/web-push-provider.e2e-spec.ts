import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { type NotificationType } from '../../api/src/contracts/notification-types.js';
import { MAX_PUSH_BODY_LENGTH, PUSH_TTL_SECONDS } from '../../api/src/modules/notifications/push/push-content.js';
import { type PushItem, type PushMessage } from '../../api/src/modules/notifications/push/push-sender.port.js';
import { WebPushProvider, type WebPushSettings } from '../../api/src/modules/notifications/push/web-push/web-push-provider.js';
import { freePort } from '../support/node-process.js';
import { type BrowserSubscription, type PushService, startPushService } from '../support/push-service.js';

/** Web Push through web-push to a local push service that checks, decrypts and records what it gets. */
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:support@tribe.local' };

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

function provider(overrides: Partial<WebPushSettings> = {}): WebPushProvider {
  return new WebPushProvider({ vapid: VAPID, timeoutMs: 2_000, concurrency: 50, agent: service.agent(), ...overrides });
}

function message(fields: Partial<PushMessage> = {}): PushMessage {
  const notificationId = randomUUID();
  return {
    notificationId,
    type: 'application_rejected',
    title: 'Application update',
    body: 'Your application to Sunday Jazz was not accepted.',
    link: '/event/42',
    imageUrl: null,
    collapseKey: notificationId.replaceAll('-', ''),
    ...fields,
  };
}

function item(subscription: BrowserSubscription, fields: Partial<PushMessage> = {}): PushItem {
  return {
    message: message(fields),
    target: { deviceId: randomUUID(), kind: 'webpush', token: subscription.endpoint, ...subscription.keys },
  };
}

describe('WebPushProvider', () => {
  it('delivers the payload the service worker reads, under the notification as topic, kept a day', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    const push = item(browser, { imageUrl: 'https://cdn.tribe.example/cover.jpg' });

    expect(await provider().send([push])).toEqual([{ status: 'delivered' }]);

    const [received] = service.received(browser.endpoint);
    expect(received).toMatchObject({
      topic: push.message.collapseKey,
      ttl: PUSH_TTL_SECONDS,
      urgency: 'normal',
      vapidKey: VAPID.publicKey,
    });
    expect(received!.payload).toEqual({
      title: 'Application update',
      body: 'Your application to Sunday Jazz was not accepted.',
      link: '/event/42',
      imageUrl: 'https://cdn.tribe.example/cover.jpg',
      notificationId: push.message.notificationId,
      type: 'application_rejected',
    });
  });

  it.each<[NotificationType, string]>([
    ['event_reminder', 'high'],
    ['event_cancelled', 'high'],
    ['new_application', 'high'],
    ['admin_announcement', 'normal'],
  ])('sends %s with urgency %s', async (type, urgency) => {
    const browser = service.subscribe(VAPID.publicKey);
    await provider().send([item(browser, { type })]);
    expect(service.received(browser.endpoint)[0]?.urgency).toBe(urgency);
  });

  it('cuts a long body so that the push stays within the push services’ 4 KB', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    const body = 'नमस्ते '.repeat(600);

    expect(await provider().send([item(browser, { body })])).toEqual([{ status: 'delivered' }]);

    const { payload, bodyBytes } = service.received(browser.endpoint)[0]!;
    expect([...payload.body]).toHaveLength(MAX_PUSH_BODY_LENGTH);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(bodyBytes).toBeLessThanOrEqual(4096);
  });

  it.each([410, 404])('answers gone when the push service says %s (the subscription expired)', async (status) => {
    const browser = service.subscribe(VAPID.publicKey);
    service.answer(browser.endpoint, status);

    const [outcome] = await provider().send([item(browser)]);

    expect(outcome).toEqual({ status: 'gone', reason: expect.stringContaining(`answered ${status}`) });
  });

  it('answers gone for an endpoint the push service does not know', async () => {
    const unknown = { ...service.subscribe(VAPID.publicKey), endpoint: `${service.url}/push/${randomUUID()}` };
    expect((await provider().send([item(unknown)]))[0]).toMatchObject({ status: 'gone' });
  });

  it.each([429, 500, 502, 503])('answers retry when the push service says %s', async (status) => {
    const browser = service.subscribe(VAPID.publicKey);
    service.answer(browser.endpoint, status);
    expect((await provider().send([item(browser)]))[0]).toEqual({ status: 'retry', reason: expect.stringContaining(`answered ${status}`) });
  });

  it('delivers on the next send after a push service failure', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    service.failFirst(browser.endpoint, 1, 503);
    const push = item(browser);

    expect(await provider().send([push])).toEqual([{ status: 'retry', reason: expect.any(String) }]);
    expect(await provider().send([push])).toEqual([{ status: 'delivered' }]);
    expect(service.received(browser.endpoint)).toHaveLength(1);
  });

  it.each([400, 413])('answers rejected when the push service refuses the request with %s', async (status) => {
    const browser = service.subscribe(VAPID.publicKey);
    service.answer(browser.endpoint, status);
    expect((await provider().send([item(browser)]))[0]).toEqual({
      status: 'rejected',
      reason: expect.stringContaining(`answered ${status}`),
    });
  });

  it('answers rejected when the browser subscribed with other VAPID keys (403)', async () => {
    const browser = service.subscribe(webpush.generateVAPIDKeys().publicKey);
    const [outcome] = await provider().send([item(browser)]);
    expect(outcome).toEqual({ status: 'rejected', reason: expect.stringContaining('answered 403') });
    expect(service.received(browser.endpoint)).toEqual([]);
  });

  it('answers retry when the push service does not answer in time', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    service.delay(browser.endpoint, 5_000);
    const [outcome] = await provider({ timeoutMs: 200 }).send([item(browser)]);
    expect(outcome).toMatchObject({ status: 'retry' });
  });

  it('answers retry when the push service cannot be reached', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    const closed = { ...browser, endpoint: `https://127.0.0.1:${await freePort()}/push/${randomUUID()}` };
    expect((await provider().send([item(closed)]))[0]).toEqual({
      status: 'retry',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('answers gone, without a request, for a subscription no push can reach', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    const outcomes = await provider().send([
      item({ ...browser, endpoint: browser.endpoint.replace('https:', 'http:') }),
      item({ ...browser, keys: { ...browser.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } }),
      item({ ...browser, keys: { ...browser.keys, auth: 'c2hvcnQ' } }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['gone', 'gone', 'gone']);
    expect(service.attempts(browser.endpoint)).toBe(0);
  });

  it('answers rejected, without a request, for a collapse key that is no Web Push topic', async () => {
    const browser = service.subscribe(VAPID.publicKey);
    const [outcome] = await provider().send([item(browser, { collapseKey: randomUUID() + randomUUID() })]);
    expect(outcome).toMatchObject({ status: 'rejected' });
    expect(service.attempts(browser.endpoint)).toBe(0);
  });

  it('answers each push in the order given, with a bounded number in flight', async () => {
    // A service of its own: the count of pushes in flight starts from nothing.
    const busy = await startPushService();
    try {
      const browsers = Array.from({ length: 12 }, () => busy.subscribe(VAPID.publicKey));
      // The first ones answer last: the outcomes must still line up with the items.
      browsers.forEach((browser, index) => busy.delay(browser.endpoint, (12 - index) * 20));
      busy.answer(browsers[3]!.endpoint, 410);
      busy.answer(browsers[7]!.endpoint, 500);

      const outcomes = await provider({ concurrency: 4, agent: busy.agent() }).send(browsers.map((browser) => item(browser)));

      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        ...['delivered', 'delivered', 'delivered', 'gone'],
        ...['delivered', 'delivered', 'delivered', 'retry'],
        ...['delivered', 'delivered', 'delivered', 'delivered'],
      ]);
      expect(busy.mostAtOnce()).toBeLessThanOrEqual(4);
      expect(busy.mostAtOnce()).toBeGreaterThan(1);
    } finally {
      await busy.close();
    }
  });
});
