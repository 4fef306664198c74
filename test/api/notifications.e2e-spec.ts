import { randomBytes } from 'node:crypto';
import { JobRegistry, type EventJob } from '../../api/src/platform/jobs/job-registry.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide } from '../support/join-flow.js';
import { browserSubscription } from '../support/push-devices.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

interface PushLogRow {
  notification_id: string;
  device_id: string;
  title: string;
  body: string;
  link: string;
  sends: number;
}

describe('notifications: inbox, devices and push planning', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const inbox = (who: SignedUp, query = '') => api.http().get(`/api/v1/notifications${query}`).set(bearer(who.token));
  const unreadCount = async (who: SignedUp) =>
    (await api.http().get('/api/v1/notifications/unread-count').set(bearer(who.token)).expect(200)).body.count as number;
  const registerDevice = (who: SignedUp, body: Record<string, unknown>) =>
    api.http().post('/api/v1/notifications/devices').set(bearer(who.token)).send(body);
  const pushLog = async (notificationId: string) =>
    (await api.db.query<PushLogRow>('SELECT * FROM push_log WHERE notification_id = $1 ORDER BY device_id', [notificationId])).rows;

  /** Runs the pending notification.push jobs alone: deliveries are planned, nothing is sent yet. */
  async function planPushesOnly() {
    const planner = api.app.get(JobRegistry).get('notification.push') as EventJob;
    const { rows } = await api.db.query<{ id: string; payload: { notificationIds: string[] } }>(
      `SELECT id, payload FROM outbox_event WHERE type = 'notification.created' AND published_at IS NULL`,
    );
    for (const row of rows) {
      await planner.handler.handle({ ...row.payload, outboxId: row.id } as never);
      await api.db.query('UPDATE outbox_event SET published_at = now() WHERE id = $1', [row.id]);
    }
  }

  /** A host whose free event a fan applies to: the host's new_application notification. */
  async function hostWithApplication(title = 'Sunrise Trek') {
    const host = await signUpHost(api, { name: 'Host Person' });
    const fan = await signUp(api, { name: 'Fan Person' });
    const event = await createEvent(api, host, { title, min_bid: 0 });
    const applicationId = await applyFree(api, fan, event.id);
    return { host, fan, event, applicationId };
  }

  it('tells the host of a new application, worded and linked to the decision page, newest first', async () => {
    const { host, event, applicationId } = await hostWithApplication('Sunrise Trek');
    const second = await signUp(api, { name: 'Second Fan' });
    await applyFree(api, second, event.id);

    const response = await inbox(host).expect(200);
    expect(response.body.unreadCount).toBe(2);
    expect(response.body.pagination).toMatchObject({ page: 1, total: 2, hasNext: false });
    const [newest, older] = response.body.notifications;
    expect(newest).toMatchObject({ fanId: second.user.id, body: 'Second Fan applied to Sunrise Trek.' });
    expect(older).toMatchObject({
      type: 'new_application',
      eventId: event.id,
      eventTitle: 'Sunrise Trek',
      applicationId,
      isRead: false,
      title: 'New application',
      // The host may see who applied (the application sheet names them): the notification names them too.
      body: 'Fan Person applied to Sunrise Trek.',
      link: `/event/${event.id}/applications`,
    });
    expect(Date.parse(newest.createdAt)).toBeGreaterThanOrEqual(Date.parse(older.createdAt));
  });

  it('pages the inbox and refuses a page size out of range', async () => {
    const { host, event } = await hostWithApplication();
    for (let index = 0; index < 2; index += 1) await applyFree(api, await signUp(api), event.id);
    const firstPage = await inbox(host, '?limit=2&page=1').expect(200);
    expect(firstPage.body.notifications).toHaveLength(2);
    expect(firstPage.body.pagination).toMatchObject({ total: 3, totalPages: 2, hasNext: true });
    const secondPage = await inbox(host, '?limit=2&page=2').expect(200);
    expect(secondPage.body.notifications).toHaveLength(1);
    const ids = [...firstPage.body.notifications, ...secondPage.body.notifications].map((n: { id: string }) => n.id);
    expect(new Set(ids).size).toBe(3);
    await inbox(host, '?limit=500').expect(400);
  });

  it('marks one read, opened, all read, and deletes one from the inbox', async () => {
    const { host, event } = await hostWithApplication();
    await applyFree(api, await signUp(api), event.id);
    await applyFree(api, await signUp(api), event.id);
    expect(await unreadCount(host)).toBe(3);
    const [first, second, third] = (await inbox(host).expect(200)).body.notifications as Array<{ id: string }>;

    const read = await api.http().post(`/api/v1/notifications/${first!.id}/read`).set(bearer(host.token)).expect(200);
    expect(read.body).toMatchObject({ id: first!.id, isRead: true });
    expect(await unreadCount(host)).toBe(2);

    await api.http().post(`/api/v1/notifications/${second!.id}/opened`).set(bearer(host.token)).expect(200);
    const opened = await api.db.query('SELECT read_at, opened_at FROM notification WHERE id = $1', [second!.id]);
    expect(opened.rows[0].read_at).not.toBeNull();
    expect(opened.rows[0].opened_at).not.toBeNull();

    await api.http().delete(`/api/v1/notifications/${third!.id}`).set(bearer(host.token)).expect(204);
    const afterDelete = (await inbox(host).expect(200)).body;
    expect(afterDelete.notifications.map((n: { id: string }) => n.id)).not.toContain(third!.id);
    expect(afterDelete.unreadCount).toBe(0);
    await api.http().delete(`/api/v1/notifications/${third!.id}`).set(bearer(host.token)).expect(404);

    const more = await signUp(api);
    await applyFree(api, more, event.id);
    expect(await unreadCount(host)).toBe(1);
    const all = await api.http().post('/api/v1/notifications/read-all').set(bearer(host.token)).expect(200);
    expect(all.body).toEqual({ updated: 1 });
    expect(await unreadCount(host)).toBe(0);
  });

  it("refuses another person's notification as if it did not exist, and changes nothing", async () => {
    const { host, fan } = await hostWithApplication();
    const [notification] = (await inbox(host).expect(200)).body.notifications as Array<{ id: string }>;
    for (const path of [`/api/v1/notifications/${notification!.id}/read`, `/api/v1/notifications/${notification!.id}/opened`]) {
      const response = await api.http().post(path).set(bearer(fan.token)).expect(404);
      expect(response.body).toEqual({ error: 'Notification not found.', code: 'notification_not_found' });
    }
    await api.http().delete(`/api/v1/notifications/${notification!.id}`).set(bearer(fan.token)).expect(404);
    expect((await inbox(fan).expect(200)).body.notifications).toEqual([]);
    expect(await unreadCount(host)).toBe(1);
    await api.http().get('/api/v1/notifications').expect(401);
    await api.http().post('/api/v1/notifications/not-an-id/read').set(bearer(host.token)).expect(400);
  });

  it('gives the newest unread notifications with their count', async () => {
    const { host, event } = await hostWithApplication('Lake Cleanup');
    await applyFree(api, await signUp(api), event.id);
    const unread = await api.http().get('/api/v1/notifications/unread').set(bearer(host.token)).expect(200);
    expect(unread.body.count).toBe(2);
    expect(unread.body.latest).toHaveLength(2);
    expect(unread.body.latest[0]).toMatchObject({ type: 'new_application', eventTitle: 'Lake Cleanup', isRead: false });
  });

  it('tells the fan of the decision, linked to their bookings when it is a no', async () => {
    const { host, fan, event, applicationId } = await hostWithApplication('Rooftop Jam');
    await decide(api, host, applicationId, 'reject').expect(200);
    const [decision] = (await inbox(fan).expect(200)).body.notifications;
    expect(decision).toMatchObject({ eventId: event.id, applicationId, link: '/my-bookings' });
    expect(decision.type).toMatch(/rejected$/);
  });

  describe('devices', () => {
    it('registers a browser and a phone once each, however often they register', async () => {
      const person = await signUp(api);
      const subscription = browserSubscription();
      const first = await registerDevice(person, { kind: 'webpush', subscription }).expect(201);
      const again = await registerDevice(person, { kind: 'webpush', subscription }).expect(201);
      expect(again.body.id).toBe(first.body.id);
      await registerDevice(person, { kind: 'fcm', token: 'fcm-token-' + randomBytes(8).toString('hex') }).expect(201);
      const rows = await api.db.query('SELECT kind FROM push_device WHERE user_id = $1 ORDER BY kind', [person.user.id]);
      expect(rows.rows.map((row) => row.kind)).toEqual(['fcm', 'webpush']);
    });

    it('moves a browser to the account that registered it last', async () => {
      const [first, second] = [await signUp(api), await signUp(api)];
      const subscription = browserSubscription();
      await registerDevice(first, { kind: 'webpush', subscription }).expect(201);
      await registerDevice(second, { kind: 'webpush', subscription }).expect(201);
      const rows = await api.db.query('SELECT user_id FROM push_device WHERE token = $1', [subscription.endpoint]);
      expect(rows.rows).toEqual([{ user_id: second.user.id }]);
    });

    it.each([
      [{ kind: 'sms', token: 'x' }, 'kind must be fcm or webpush'],
      [{ kind: 'fcm' }, 'token is required'],
      [{ kind: 'fcm', token: '   ' }, 'token is required'],
      [{ kind: 'webpush', subscription: { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } } }, 'endpoint'],
      [{ kind: 'webpush', subscription: { endpoint: 'https://push.example.net/x' } }, 'keys'],
    ])('refuses %j with a clear message and stores nothing', async (body, message) => {
      const person = await signUp(api);
      const response = await registerDevice(person, body).expect(400);
      expect(response.body.error).toContain(message);
      const rows = await api.db.query('SELECT 1 FROM push_device WHERE user_id = $1', [person.user.id]);
      expect(rows.rowCount).toBe(0);
    });

    it("unregisters one's own device and leaves another person's alone", async () => {
      const [owner, other] = [await signUp(api), await signUp(api)];
      const subscription = browserSubscription();
      await registerDevice(owner, { kind: 'webpush', subscription }).expect(201);
      await api.http().delete('/api/v1/notifications/devices').set(bearer(other.token)).send({ token: subscription.endpoint }).expect(204);
      expect((await api.db.query('SELECT 1 FROM push_device WHERE token = $1', [subscription.endpoint])).rowCount).toBe(1);
      await api.http().delete('/api/v1/notifications/devices').set(bearer(owner.token)).send({ token: subscription.endpoint }).expect(204);
      expect((await api.db.query('SELECT 1 FROM push_device WHERE token = $1', [subscription.endpoint])).rowCount).toBe(0);
    });

    it('forgets the device of a session that signs out, and keeps the others', async () => {
      const person = await signUp(api);
      const otherSession = (
        await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password }).expect(200)
      ).body.token as string;
      await registerDevice(person, { kind: 'webpush', subscription: browserSubscription() }).expect(201);
      await registerDevice({ ...person, token: otherSession }, { kind: 'fcm', token: 'fcm-' + randomBytes(8).toString('hex') }).expect(201);
      await api
        .http()
        .post('/api/v1/auth/logout')
        .set(bearer(person.token))
        .expect((response) => expect(response.status).toBeLessThan(300));
      const rows = await api.db.query('SELECT kind FROM push_device WHERE user_id = $1', [person.user.id]);
      expect(rows.rows).toEqual([{ kind: 'fcm' }]);
    });

    it('keeps pushing to a device whose session was refreshed, and forgets it when that session signs out', async () => {
      const person = await signUp(api);
      await registerDevice(person, { kind: 'webpush', subscription: browserSubscription() }).expect(201);
      const refreshed = (await api.http().post('/api/v1/auth/refresh').set(bearer(person.token)).expect(200)).body.token as string;
      expect((await api.db.query('SELECT 1 FROM push_device WHERE user_id = $1', [person.user.id])).rowCount).toBe(1);
      await api
        .http()
        .post('/api/v1/auth/logout')
        .set(bearer(refreshed))
        .expect((response) => expect(response.status).toBeLessThan(300));
      expect((await api.db.query('SELECT 1 FROM push_device WHERE user_id = $1', [person.user.id])).rowCount).toBe(0);
    });

    it('forgets every device of a deleted account', async () => {
      const person = await signUp(api);
      await registerDevice(person, { kind: 'webpush', subscription: browserSubscription() }).expect(201);
      await api
        .http()
        .delete('/api/v1/users/me')
        .set(bearer(person.token))
        .send({ password: person.password })
        .expect((response) => expect(response.status).toBeLessThan(300));
      expect((await api.db.query('SELECT 1 FROM push_device WHERE user_id = $1', [person.user.id])).rowCount).toBe(0);
    });

    it('answers the Web Push public key without a sign-in', async () => {
      const response = await api.http().get('/api/v1/notifications/push-config').expect(200);
      expect(response.body).toHaveProperty('webPushPublicKey');
    });
  });

  describe('pushes', () => {
    it('pushes a new notification to each of the person’s devices once, however often its jobs run', async () => {
      const host = await signUpHost(api);
      await registerDevice(host, { kind: 'webpush', subscription: browserSubscription() }).expect(201);
      await registerDevice(host, { kind: 'fcm', token: 'fcm-' + randomBytes(8).toString('hex') }).expect(201);
      const event = await createEvent(api, host, { title: 'Pottery Night', min_bid: 0 });
      await applyFree(api, await signUp(api, { name: 'Tara Fan' }), event.id);
      await runPendingJobs(api);

      const [notification] = (await inbox(host).expect(200)).body.notifications as Array<{ id: string }>;
      const pushed = await pushLog(notification!.id);
      expect(pushed).toHaveLength(2);
      expect(pushed[0]).toMatchObject({
        title: 'New application',
        body: 'Tara Fan applied to Pottery Night.',
        link: `/event/${event.id}/applications`,
      });
      const deliveries = await api.db.query('SELECT status FROM push_delivery WHERE notification_id = $1', [notification!.id]);
      expect(deliveries.rows).toEqual([{ status: 'delivered' }, { status: 'delivered' }]);

      // The relay publishing twice, or the reconciler finding the work again, changes nothing.
      await api.db.query(`UPDATE outbox_event SET published_at = NULL WHERE type IN ('notification.created', 'push.batch_planned')`);
      await runPendingJobs(api);
      expect((await pushLog(notification!.id)).map((row) => row.sends)).toEqual([1, 1]);
    });

    it('stops pushing to the devices of the sessions a password change signs out', async () => {
      const host = await signUpHost(api);
      const elsewhere = (await api.http().post('/api/v1/auth/login').send({ email: host.user.email, password: host.password }).expect(200))
        .body.token as string;
      await registerDevice({ ...host, token: elsewhere }, { kind: 'fcm', token: 'fcm-' + randomBytes(8).toString('hex') }).expect(201);
      await registerDevice(host, { kind: 'webpush', subscription: browserSubscription() }).expect(201);
      await api
        .http()
        .put('/api/v1/users/me/password')
        .set(bearer(host.token))
        .send({ current_password: host.password, new_password: 'a new long password' })
        .expect((response) => expect(response.status).toBeLessThan(300));

      const event = await createEvent(api, host, { title: 'Candle making', min_bid: 0 });
      await applyFree(api, await signUp(api, { name: 'Meher Fan' }), event.id);
      await runPendingJobs(api);
      const [notification] = (await inbox(host).expect(200)).body.notifications as Array<{ id: string }>;
      const pushed = await api.db.query<{ kind: string }>(
        'SELECT d.kind FROM push_delivery p JOIN push_device d ON d.id = p.device_id WHERE p.notification_id = $1',
        [notification!.id],
      );
      expect(pushed.rows).toEqual([{ kind: 'webpush' }]);
      expect((await api.db.query('SELECT kind FROM push_device WHERE user_id = $1', [host.user.id])).rows).toEqual([{ kind: 'webpush' }]);
    });

    it('keeps a muted type in the inbox without pushing it', async () => {
      const host = await signUpHost(api);
      await registerDevice(host, { kind: 'webpush', subscription: browserSubscription() }).expect(201);
      const saved = await api
        .http()
        .put('/api/v1/notifications/preferences')
        .set(bearer(host.token))
        .send({ muted: ['new_application', 'new_application'] })
        .expect(200);
      expect(saved.body).toEqual({ muted: ['new_application'] });
      expect((await api.http().get('/api/v1/notifications/preferences').set(bearer(host.token)).expect(200)).body).toEqual({
        muted: ['new_application'],
      });

      const event = await createEvent(api, host, { min_bid: 0 });
      await applyFree(api, await signUp(api), event.id);
      await runPendingJobs(api);
      const [notification] = (await inbox(host).expect(200)).body.notifications as Array<{ id: string }>;
      expect(notification).toBeDefined();
      expect(await pushLog(notification!.id)).toEqual([]);
    });

    it('refuses a preference that is not a notification type', async () => {
      const person = await signUp(api);
      const response = await api
        .http()
        .put('/api/v1/notifications/preferences')
        .set(bearer(person.token))
        .send({ muted: ['spam'] })
        .expect(400);
      expect(response.body.error).toContain('must be a notification type');
      expect((await api.http().get('/api/v1/notifications/preferences').set(bearer(person.token)).expect(200)).body).toEqual({ muted: [] });
    });

    it('does not push a notification to a browser that has since moved to another account', async () => {
      const host = await signUpHost(api);
      const subscription = browserSubscription();
      await registerDevice(host, { kind: 'webpush', subscription }).expect(201);
      const event = await createEvent(api, host, { min_bid: 0 });
      await applyFree(api, await signUp(api), event.id);
      await planPushesOnly();
      // The same browser signs in as someone else before the push goes out.
      await registerDevice(await signUp(api), { kind: 'webpush', subscription }).expect(201);
      await runPendingJobs(api);

      const [notification] = (await inbox(host).expect(200)).body.notifications as Array<{ id: string }>;
      expect(await pushLog(notification!.id)).toEqual([]);
      const delivery = await api.db.query('SELECT status FROM push_delivery WHERE notification_id = $1', [notification!.id]);
      expect(delivery.rows).toEqual([{ status: 'pruned' }]);
      expect((await api.db.query('SELECT 1 FROM push_device WHERE token = $1', [subscription.endpoint])).rowCount).toBe(1);
    });
  });
});
