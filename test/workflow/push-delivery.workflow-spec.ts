import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import webpush from 'web-push';
import { EventRemindersJob } from '../../api/src/modules/applications/jobs/event-reminders.job.js';
import { waitUntil } from '../support/poll.js';
import { startPushService, type BrowserSubscription, type PushService } from '../support/push-service.js';
import { startStack, type Stack } from '../support/servers.js';

interface Person {
  token: string;
  id: string;
}

/**
 * Pushes through the real workers and Web Push, against a local push service: each device gets a
 * notification once whatever fails on the way — expired subscriptions, a push service failing for a
 * moment, a workers process killed in the middle of a fan-out — and reminders go once with two
 * workers processes running them at the same time.
 */
describe('push delivery', () => {
  let pushService: PushService;
  let stack: Stack;
  let db: pg.Pool;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    pushService = await startPushService();
    stack = await startStack({
      web: false,
      config: { PUSH_PROVIDER: 'live', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
      workersEnv: () => ({ NODE_EXTRA_CA_CERTS: pushService.certificateFile }),
    });
    db = new pg.Pool({ connectionString: stack.config.DATABASE_URL, max: 2 });
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await pushService?.close();
  });

  async function call(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<any> {
    const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const body = response.status === 204 ? undefined : ((await response.json()) as unknown);
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  }

  async function signUp(fields: Record<string, unknown> = {}): Promise<Person> {
    const body = await call('/auth/register', {
      method: 'POST',
      body: { email: `person.${randomUUID()}@example.in`, password: 'a-good-password', name: 'Test Person', ...fields },
    });
    return { token: body.token, id: body.user.id };
  }

  async function hostWithEvent(title: string): Promise<{ host: Person; eventId: string }> {
    const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const host = await signUp({ role: 'influencer', name: 'Host Person', age: 31, gender: 'female', mobile_number: mobile });
    // A verified host: the event is listed at once, without waiting for review.
    await db.query('UPDATE users SET verified = true WHERE id = $1', [host.id]);
    const event = await call('/events', {
      method: 'POST',
      token: host.token,
      body: { title, date: '2031-06-01T19:00:00+05:30', min_bid: 0, capacity: 10, meeting_link: 'https://meet.example.in/j' },
    });
    return { host, eventId: event.id };
  }

  /** The person's browsers, subscribed at the push service and registered with Tribe. */
  async function browsersOf(person: Person, count: number): Promise<BrowserSubscription[]> {
    const browsers = Array.from({ length: count }, () => pushService.subscribe(vapid.publicKey));
    for (const subscription of browsers)
      await call('/notifications/devices', { method: 'POST', token: person.token, body: { kind: 'webpush', subscription } });
    return browsers;
  }

  async function applicationNotificationOf(host: Person): Promise<{ id: string; title: string; body: string; link: string }> {
    return waitUntil(
      async () => (await call('/notifications', { token: host.token })).notifications[0],
      'the host to be told of the application',
    );
  }

  const deliveryCounts = async (notificationId: string) =>
    Object.fromEntries(
      (
        await db.query<{ status: string; count: number }>(
          'SELECT status, count(*)::int AS count FROM push_delivery WHERE notification_id = $1 GROUP BY status',
          [notificationId],
        )
      ).rows.map(({ status, count }) => [status, count]),
    ) as Record<string, number>;

  it('prunes expired subscriptions and retries a failing push service, delivering each push once', async () => {
    const { host, eventId } = await hostWithEvent('Street Food Walk');
    const browsers = await browsersOf(host, 30);
    const expired = browsers.slice(0, 3);
    const flaky = browsers.slice(3, 6);
    for (const subscription of expired) pushService.answer(subscription.endpoint, 410);
    for (const subscription of flaky) pushService.failFirst(subscription.endpoint, 1, 503);

    await call(`/events/${eventId}/bid`, { method: 'POST', token: (await signUp()).token, body: {} });
    const notification = await applicationNotificationOf(host);
    await waitUntil(
      async () => {
        const counts = await deliveryCounts(notification.id);
        return (counts.delivered ?? 0) + (counts.pruned ?? 0) === browsers.length;
      },
      'every push to be settled',
      60_000,
    );

    expect(await deliveryCounts(notification.id)).toEqual({ delivered: 27, pruned: 3 });
    for (const subscription of browsers.slice(3)) {
      const received = pushService.received(subscription.endpoint);
      expect(received).toHaveLength(1);
      expect(received[0]!.topic).toBe(notification.id.replaceAll('-', ''));
      expect(received[0]!.payload).toMatchObject({
        notificationId: notification.id,
        title: notification.title,
        body: notification.body,
        link: notification.link,
      });
    }
    for (const subscription of flaky) expect(pushService.attempts(subscription.endpoint)).toBe(2);
    for (const subscription of expired) expect(pushService.received(subscription.endpoint)).toEqual([]);
    const devices = await db.query('SELECT token FROM push_device WHERE user_id = $1', [host.id]);
    expect(devices.rows.map((row) => row.token).sort()).toEqual(
      browsers
        .slice(3)
        .map((subscription) => subscription.endpoint)
        .sort(),
    );
  }, 120_000);

  it('delivers to 2,000 devices once in effect with the workers killed three times mid fan-out: repeats only what was in flight', async () => {
    const { host, eventId } = await hostWithEvent('Night Market');
    // Registered in one statement: what is tested here is the fan-out, not 2,000 sign-ups of a device.
    const browsers = Array.from({ length: 2_000 }, () => pushService.subscribe(vapid.publicKey));
    await db.query(
      `INSERT INTO push_device (user_id, kind, token, p256dh, auth)
       SELECT $1, 'webpush', t.endpoint, t.p256dh, t.auth FROM unnest($2::text[], $3::text[], $4::text[]) AS t(endpoint, p256dh, auth)`,
      [host.id, browsers.map((b) => b.endpoint), browsers.map((b) => b.keys.p256dh), browsers.map((b) => b.keys.auth)],
    );
    for (const subscription of browsers) pushService.delay(subscription.endpoint, 250);

    await call(`/events/${eventId}/bid`, { method: 'POST', token: (await signUp()).token, body: {} });
    const notification = await applicationNotificationOf(host);
    const delivered = async () => (await deliveryCounts(notification.id)).delivered ?? 0;

    // Killed when a quarter, a half and three quarters are recorded. At each kill, the pushes the
    // service took whose outcome was not yet recorded are the ones in flight: only those may repeat.
    let inFlightAtKills = 0;
    for (const share of [500, 1_000, 1_500]) {
      await waitUntil(async () => (await delivered()) >= share, `${share} pushes to be recorded`, 60_000);
      stack.processes.workers!.child.kill('SIGKILL');
      // Pushes that reached the service before the kill are taken once their delay passes.
      await waitUntil(async () => pushService.held() === 0, 'the pushes sent before the kill to be taken');
      const recorded = await delivered();
      const taken = pushService.received().filter((push) => push.topic === notification.id.replaceAll('-', '')).length;
      expect(recorded).toBeLessThan(2_000);
      inFlightAtKills += taken - recorded;
      stack.startWorkers();
    }
    const returned = Date.now();
    await waitUntil(async () => (await delivered()) === 2_000, 'every push to be recorded after the last restart', 60_000);
    // A stalled job goes back to its queue (not failed for good, waiting for the reconciler).
    expect(Date.now() - returned).toBeLessThan(30_000);
    expect(await deliveryCounts(notification.id)).toEqual({ delivered: 2_000 });

    // Every browser has it, under one Topic: a push sent again replaces the first, never a second alert.
    const topic = notification.id.replaceAll('-', '');
    let repeats = 0;
    for (const subscription of browsers) {
      const received = pushService.received(subscription.endpoint);
      expect(received.length).toBeGreaterThanOrEqual(1);
      expect(new Set(received.map((push) => push.topic))).toEqual(new Set([topic]));
      repeats += received.length - 1;
    }
    // Nothing recorded was sent again: the repeats are at most what was in flight at the three kills.
    expect(repeats).toBeLessThanOrEqual(inFlightAtKills);
  }, 180_000);

  it('sends each reminder once while two workers processes run the reminders at the same moment', async () => {
    const { host, eventId } = await hostWithEvent('Sunrise Cycling');
    const fans = await Promise.all(Array.from({ length: 6 }, () => signUp()));
    for (const fan of fans) {
      const application = await call(`/events/${eventId}/bid`, { method: 'POST', token: fan.token, body: {} });
      await call(`/applications/${application.id}/accept`, { method: 'POST', token: host.token });
    }
    await db.query(`UPDATE event SET date = now() + interval '23 hours' WHERE id = $1`, [eventId]);

    const first = stack.processes.workers!;
    // A second process beside the first: its ops server takes any free port.
    const second = stack.startWorkers(undefined, { WORKERS_OPS_PORT: '0' });
    const queue = new Queue(EventRemindersJob.queue, { connection: { url: stack.config.REDIS_URL }, prefix: stack.config.QUEUE_PREFIX });
    try {
      await waitUntil(async () => second.output().includes('workers started'), 'the second workers process to start', 60_000);
      const runs = await queue.addBulk(
        Array.from({ length: 4 }, () => ({ name: EventRemindersJob.name, data: {}, opts: { jobId: `reminders-${randomUUID()}` } })),
      );
      await waitUntil(
        async () => (await Promise.all(runs.map((run) => run.getState()))).every((state) => state === 'completed'),
        'the reminder runs to complete',
        60_000,
      );
    } finally {
      await queue.close();
      await first.stop();
    }
    const reminders = await db.query<{ user_id: string; count: number }>(
      `SELECT user_id, count(*)::int AS count FROM notification WHERE type = 'event_reminder' AND event_id = $1 GROUP BY user_id`,
      [eventId],
    );
    expect(reminders.rows.map((row) => row.count)).toEqual(fans.map(() => 1));
    expect(new Set(reminders.rows.map((row) => row.user_id))).toEqual(new Set(fans.map((fan) => fan.id)));
  }, 180_000);
});
