import { randomBytes, randomUUID } from 'node:crypto';
import { AdminNotificationSendHandler } from '../../api/src/modules/notifications/jobs/admin-notification-send.job.js';
import { AdminNotificationsStartDueHandler } from '../../api/src/modules/notifications/jobs/admin-notifications-start-due.job.js';
import { AdminNotificationsRepository } from '../../api/src/modules/notifications/admin-notifications.repository.js';
import { PushPlanner } from '../../api/src/modules/notifications/push-planner.service.js';
import { Messages } from '../../api/src/contracts/messages.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { times } from '../support/join-flow.js';
import { browserSubscription } from '../support/push-devices.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';
import { DataSource } from 'typeorm';

/** A city nobody else in this run lives in (an unknown city is kept as written). */
const uniqueCity = () => `Ziro${randomBytes(3).toString('hex')}`;

const announcement = (audience: Record<string, unknown>, fields: Record<string, unknown> = {}) => ({
  title: 'Monsoon meetups are here',
  body: 'Find a rainy-day plan near you this weekend.',
  type: 'city_specific',
  link: '/home',
  audience,
  ...fields,
});

describe('admin notifications', () => {
  let api: TestApi;
  let admin: SignedUp;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await signUp(api, { name: 'Ops Admin' });
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const asAdmin = {
    post: (path: string, body?: object) =>
      api
        .http()
        .post(`/api/v1/admin/notifications${path}`)
        .set(bearer(admin.token))
        .send(body ?? {}),
    get: (path: string) => api.http().get(`/api/v1/admin/notifications${path}`).set(bearer(admin.token)),
  };
  const registerDevice = (who: SignedUp) =>
    api
      .http()
      .post('/api/v1/notifications/devices')
      .set(bearer(who.token))
      .send({ kind: 'webpush', subscription: browserSubscription() })
      .expect(201);
  const inbox = async (who: SignedUp) =>
    (await api.http().get('/api/v1/notifications').set(bearer(who.token)).expect(200)).body.notifications as Array<Record<string, unknown>>;
  const campaignCopies = async (id: string) =>
    (
      await api.db.query<{ user_id: string; copies: number }>(
        'SELECT user_id, count(*)::int AS copies FROM notification WHERE campaign_id = $1 GROUP BY user_id',
        [id],
      )
    ).rows;

  async function send(body: object): Promise<string> {
    const created = await asAdmin.post('', body).expect(201);
    await runPendingJobs(api);
    return created.body.id as string;
  }

  describe('who may use them', () => {
    const routes: Array<{ method: 'get' | 'post'; path: string; body?: object }> = [
      { method: 'post', path: '', body: announcement({ kind: 'everyone' }) },
      { method: 'get', path: '' },
      { method: 'get', path: `/${randomUUID()}` },
      { method: 'get', path: '/stats' },
      { method: 'get', path: '/cities' },
      { method: 'post', path: '/audience', body: { audience: { kind: 'everyone' } } },
      { method: 'post', path: '/test', body: { title: 'Hi', body: 'Test', type: 'admin_announcement' } },
      { method: 'post', path: `/${randomUUID()}/retry` },
    ];
    let fan: SignedUp;
    let influencer: SignedUp;
    beforeAll(async () => {
      fan = await signUp(api);
      influencer = await signUpHost(api);
    });

    it.each(routes)('$method /admin/notifications$path: guest 401, fan and influencer 403', async ({ method, path, body }) => {
      const call = (headers: Record<string, string>) => {
        const request = api.http()[method](`/api/v1/admin/notifications${path}`).set(headers);
        return body ? request.send(body) : request;
      };
      await call({}).expect(401);
      await call(bearer(fan.token)).expect(403);
      await call(bearer(influencer.token)).expect(403);
      expect(await countRows(api.db, 'admin_notification')).toBe(0);
      expect(await countRows(api.db, 'notification')).toBe(0);
    });
  });

  describe('composing', () => {
    it.each([
      [{ title: '   ' }, 'title: is required'],
      [{ title: 'x'.repeat(101) }, 'title: must be at most 100 characters'],
      [{ body: 'x'.repeat(501) }, 'body: must be at most 500 characters'],
      [{ type: 'new_application' }, 'type: must be one of'],
      [{ image_url: 'http://example.com/a.png' }, 'image_url: must be an https URL'],
      [{ link: 'javascript:alert(1)' }, 'link: must be a path starting with / or an https URL'],
      [{ link: '//evil.example' }, 'link: must be a path starting with / or an https URL'],
      [{ audience: { kind: 'planet' } }, 'audience.kind: kind must be everyone, city, role or users'],
      [{ audience: { kind: 'role', role: 'host' } }, 'audience.role: must be fan, influencer or admin'],
      [{ audience: { kind: 'users', user_ids: [] } }, 'audience.user_ids: must name at least one person'],
      [{ audience: { kind: 'users', user_ids: ['nope'] } }, 'audience.user_ids.0: must be a user id'],
      [{ send_at: new Date(Date.now() - 3_600_000).toISOString() }, 'send_at: must not be in the past'],
      [{ send_at: new Date(Date.now() + 31 * 86_400_000).toISOString() }, 'send_at: must be at most 30 days ahead'],
      [{ send_at: 'tomorrow' }, 'send_at: must be a date and time'],
    ])('refuses %j with a message naming the field, and stores nothing', async (change, message) => {
      const response = await asAdmin.post('', { ...announcement({ kind: 'everyone' }), ...change }).expect(400);
      expect(response.body.error).toContain(message);
      expect(await countRows(api.db, 'admin_notification')).toBe(0);
    });

    it('refuses listed people who are unknown or deleted, naming them', async () => {
      const gone = await signUp(api);
      await api.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone.user.id]);
      const stranger = randomUUID();
      const known = await signUp(api);
      const audience = { kind: 'users', user_ids: [known.user.id, gone.user.id, stranger] };

      const refused = await asAdmin.post('', announcement(audience)).expect(400);
      expect(refused.body.error).toMatch(/^audience\.user_ids: no such person: /);
      expect(refused.body.error).toContain(gone.user.id);
      expect(refused.body.error).toContain(stranger);
      expect(refused.body.error).not.toContain(known.user.id);
      expect(await countRows(api.db, 'admin_notification')).toBe(0);

      const preview = await asAdmin.post('/audience', { audience }).expect(200);
      expect(preview.body).toEqual({ count: 1, unknownUserIds: expect.arrayContaining([gone.user.id, stranger]) });
    });
  });

  describe('sending', () => {
    it('reaches the people whose profile names the city, however they spell it, and no one else', async () => {
      const bengaluru = await signUp(api, { location: 'Indiranagar, Bangalore, Karnataka 560038' });
      const alsoBengaluru = await signUp(api);
      await api.http().put('/api/v1/users/me').set(bearer(alsoBengaluru.token)).send({ location: 'Koramangala, Bengaluru' }).expect(200);
      const mumbai = await signUp(api, { location: 'Bandra West, Mumbai' });
      const deleted = await signUp(api, { location: 'Bengaluru' });
      await api.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [deleted.user.id]);
      await registerDevice(bengaluru);

      const preview = await asAdmin.post('/audience', { audience: { kind: 'city', city: 'bangalore' } }).expect(200);
      expect(preview.body.count).toBe(2);

      const id = await send(announcement({ kind: 'city', city: 'bangalore' }, { image_url: 'https://cdn.example.com/monsoon.png' }));

      const copies = await campaignCopies(id);
      expect(copies.map(({ user_id }) => user_id).sort()).toEqual([bengaluru.user.id, alsoBengaluru.user.id].sort());
      expect((await inbox(mumbai)).some((n) => n.title === 'Monsoon meetups are here')).toBe(false);
      const [received] = await inbox(bengaluru);
      expect(received).toMatchObject({
        type: 'city_specific',
        title: 'Monsoon meetups are here',
        body: 'Find a rainy-day plan near you this weekend.',
        link: '/home',
        imageUrl: 'https://cdn.example.com/monsoon.png',
        isRead: false,
      });

      const detail = await asAdmin.get(`/${id}`).expect(200);
      expect(detail.body).toMatchObject({
        status: 'sent',
        recipientCount: 2,
        notified: 2,
        deliveries: { pending: 0, delivered: 1, failed: 0, pruned: 0 },
        audience: { kind: 'city', city: 'bangalore' },
      });
      expect(detail.body.finishedAt).not.toBeNull();
    });

    it('keeps the city of a profile in step with its location', async () => {
      const city = uniqueCity();
      const person = await signUp(api, { location: `Old Town, ${city}` });
      const count = async () => (await asAdmin.post('/audience', { audience: { kind: 'city', city } }).expect(200)).body.count as number;
      expect(await count()).toBe(1);
      await api.http().put('/api/v1/users/me').set(bearer(person.token)).send({ location: 'Bandra, Mumbai' }).expect(200);
      expect(await count()).toBe(0);
    });

    it('reaches listed people and a role', async () => {
      const [first, second, bystander] = [await signUp(api), await signUp(api), await signUp(api)];
      const listed = await send(announcement({ kind: 'users', user_ids: [first.user.id, second.user.id] }, { type: 'platform_update' }));
      expect((await campaignCopies(listed)).map(({ user_id }) => user_id).sort()).toEqual([first.user.id, second.user.id].sort());
      expect(await inbox(bystander)).toHaveLength(0);

      const host = await signUpHost(api);
      const byRole = await send(announcement({ kind: 'role', role: 'influencer' }));
      const reached = (await campaignCopies(byRole)).map(({ user_id }) => user_id);
      const { rows } = await api.db.query<{ id: string }>(
        `SELECT id FROM users WHERE role = 'influencer' AND NOT is_admin AND deleted_at IS NULL`,
      );
      expect(reached.sort()).toEqual(rows.map(({ id }) => id).sort());
      expect(reached).toContain(host.user.id);
      expect(reached).not.toContain(first.user.id);

      // Each is in the admin audit log: a list of people by how many, a role as chosen.
      const audited = await api.db.query(
        'SELECT action, record_type, after FROM admin_audit WHERE record_id = ANY($1::uuid[]) ORDER BY created_at',
        [[listed, byRole]],
      );
      expect(audited.rows).toEqual([
        {
          action: 'announcement.scheduled',
          record_type: 'announcement',
          after: expect.objectContaining({
            title: 'Monsoon meetups are here',
            type: 'platform_update',
            audience: { kind: 'users', people: 2 },
          }),
        },
        {
          action: 'announcement.scheduled',
          record_type: 'announcement',
          after: expect.objectContaining({ type: 'city_specific', audience: { kind: 'role', role: 'influencer' } }),
        },
      ]);
    });

    it('sends one for later only once it is due, and only once with two workers', async () => {
      const city = uniqueCity();
      const fan = await signUp(api, { location: city });
      const later = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const created = await asAdmin.post('', announcement({ kind: 'city', city }, { send_at: later })).expect(201);
      expect(created.body).toMatchObject({ status: 'scheduled', sendAt: later, recipientCount: null });
      const id = created.body.id as string;

      await runPendingJobs(api);
      const startDue = api.app.get(AdminNotificationsStartDueHandler);
      await startDue.handle();
      expect(await inbox(fan)).toHaveLength(0);
      expect((await asAdmin.get(`/${id}`).expect(200)).body.status).toBe('scheduled');

      await api.db.query(`UPDATE admin_notification SET send_at = now() - interval '1 second' WHERE id = $1`, [id]);
      await Promise.all([startDue.handle(), startDue.handle()]);
      await runPendingJobs(api);

      expect(await campaignCopies(id)).toEqual([{ user_id: fan.user.id, copies: 1 }]);
      expect((await asAdmin.get(`/${id}`).expect(200)).body).toMatchObject({ status: 'sent', recipientCount: 1 });
    });

    it('finishes a fan-out that stopped midway without sending anyone a second copy or push', async () => {
      const city = uniqueCity();
      const people = [];
      for (let index = 0; index < 5; index += 1) {
        const person = await signUp(api, { location: city });
        await registerDevice(person);
        people.push(person);
      }
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const id = (await asAdmin.post('', announcement({ kind: 'city', city }, { send_at: later })).expect(201)).body.id as string;
      await runPendingJobs(api);
      await api.db.query(`UPDATE admin_notification SET send_at = now() WHERE id = $1`, [id]);

      // A worker claimed it and wrote its first chunk (two people), then died.
      const repository = api.app.get(AdminNotificationsRepository);
      const claimed = (await repository.claim(id))!;
      await api.app.get(DataSource).transaction(async (tx) => {
        const chunk = await repository.fanOutChunk(tx, claimed, null, 2);
        await api.app.get(PushPlanner).plan(tx, chunk.notificationIds, { storedPlanned: true });
      });
      expect((await asAdmin.get(`/${id}`).expect(200)).body).toMatchObject({ status: 'sending', notified: 2 });

      const resume = api.app.get(AdminNotificationSendHandler);
      await resume.handle({ adminNotificationId: id, outboxId: randomUUID() });
      await resume.handle({ adminNotificationId: id, outboxId: randomUUID() });
      await runPendingJobs(api);

      const copies = await campaignCopies(id);
      expect(copies).toHaveLength(5);
      expect(copies.every(({ copies }) => copies === 1)).toBe(true);
      const pushes = await api.db.query<{ sends: number }>(
        'SELECT l.sends FROM push_log l JOIN notification n ON n.id = l.notification_id WHERE n.campaign_id = $1',
        [id],
      );
      expect(pushes.rows).toHaveLength(5);
      expect(pushes.rows.every(({ sends }) => sends === 1)).toBe(true);
      expect((await asAdmin.get(`/${id}`).expect(200)).body).toMatchObject({
        status: 'sent',
        recipientCount: 5,
        deliveries: { delivered: 5, pending: 0 },
      });
    });

    it('finds a stalled announcement for the reconciler, and not one that is sent', async () => {
      const city = uniqueCity();
      await signUp(api, { location: city });
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const id = (await asAdmin.post('', announcement({ kind: 'city', city }, { send_at: later })).expect(201)).body.id as string;
      await runPendingJobs(api);
      const handler = api.app.get(AdminNotificationSendHandler);
      expect(await handler.findDue(100)).not.toContainEqual({ adminNotificationId: id });

      await api.db.query(`UPDATE admin_notification SET send_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
      expect(await handler.findDue(100)).toContainEqual({ adminNotificationId: id });
      await handler.handle({ adminNotificationId: id, outboxId: randomUUID() });
      expect(await handler.findDue(100)).not.toContainEqual({ adminNotificationId: id });
    });
  });

  describe('history, retry and test', () => {
    it('lists announcements newest first with their figures, paged', async () => {
      const city = uniqueCity();
      await signUp(api, { location: city });
      const older = await send(announcement({ kind: 'city', city }, { title: 'Older one' }));
      const newer = await send(announcement({ kind: 'city', city }, { title: 'Newer one' }));
      const page = await asAdmin.get('?limit=2').expect(200);
      expect(page.body.notifications.map((n: { id: string }) => n.id)).toEqual([newer, older]);
      expect(page.body.notifications[0]).toMatchObject({ title: 'Newer one', status: 'sent', recipientCount: 1, notified: 1, opened: 0 });
      expect(page.body.pagination).toMatchObject({ page: 1, limit: 2 });
      expect(page.body.pagination.total).toBeGreaterThanOrEqual(2);
      await asAdmin.get('?limit=500').expect(400);
      await asAdmin.get(`/${randomUUID()}`).expect(404);
    });

    it('retries the failed deliveries alone, and says so when there are none', async () => {
      const city = uniqueCity();
      const people = [await signUp(api, { location: city }), await signUp(api, { location: city }), await signUp(api, { location: city })];
      for (const person of people) await registerDevice(person);
      const id = await send(announcement({ kind: 'city', city }));

      const conflict = await asAdmin.post(`/${id}/retry`).expect(409);
      expect(conflict.body.error).toBe(Messages.adminNotifications.nothingToRetry);

      // Two pushes failed for good (their last attempt failed).
      const { rows } = await api.db.query<{ notification_id: string; batch_id: string }>(
        `UPDATE push_delivery d SET status = 'failed', last_error = 'provider said no'
           FROM notification n WHERE n.id = d.notification_id AND n.campaign_id = $1 AND n.user_id = ANY($2)
         RETURNING d.notification_id, d.batch_id`,
        [id, [people[0]!.user.id, people[1]!.user.id]],
      );
      expect((await asAdmin.get(`/${id}`).expect(200)).body.deliveries).toEqual({ pending: 0, delivered: 1, failed: 2, pruned: 0 });
      await api.db.query('DELETE FROM push_log WHERE notification_id = ANY($1)', [rows.map(({ notification_id }) => notification_id)]);

      const retried = await asAdmin.post(`/${id}/retry`).expect(200);
      expect(retried.body).toEqual({ retried: 2 });
      const afterRetry = await api.db.query<{ status: string; batch_id: string; user_id: string }>(
        'SELECT d.status, d.batch_id, n.user_id FROM push_delivery d JOIN notification n ON n.id = d.notification_id WHERE n.campaign_id = $1',
        [id],
      );
      const pending = afterRetry.rows.filter(({ status }) => status === 'pending');
      expect(pending.map(({ user_id }) => user_id).sort()).toEqual([people[0]!.user.id, people[1]!.user.id].sort());
      expect(pending.every(({ batch_id }) => !rows.some((old) => old.batch_id === batch_id))).toBe(true);

      await runPendingJobs(api);
      expect((await asAdmin.get(`/${id}`).expect(200)).body.deliveries).toEqual({ pending: 0, delivered: 3, failed: 0, pruned: 0 });
      const delivered = await api.db.query('SELECT 1 FROM push_log WHERE notification_id = ANY($1)', [
        rows.map(({ notification_id }) => notification_id),
      ]);
      expect(delivered.rowCount).toBe(2);
      await asAdmin.post(`/${randomUUID()}/retry`).expect(404);
    });

    it('retries only pushes still worth sending: not to someone who muted the type since, read it, or a day later', async () => {
      const city = uniqueCity();
      const [muting, reader, late, waiting] = await Promise.all(times(4, () => signUp(api, { location: city })));
      for (const person of [muting!, reader!, late!, waiting!]) await registerDevice(person);
      const id = await send(announcement({ kind: 'city', city }));
      await api.db.query(
        `UPDATE push_delivery d SET status = 'failed', last_error = 'provider said no'
           FROM notification n WHERE n.id = d.notification_id AND n.campaign_id = $1`,
        [id],
      );
      await api.db.query(`INSERT INTO notification_mute (user_id, type) VALUES ($1, 'city_specific')`, [muting!.user.id]);
      await api.db.query('UPDATE notification SET read_at = now() WHERE campaign_id = $1 AND user_id = $2', [id, reader!.user.id]);
      await api.db.query(`UPDATE notification SET created_at = now() - interval '25 hours' WHERE campaign_id = $1 AND user_id = $2`, [
        id,
        late!.user.id,
      ]);

      expect((await asAdmin.post(`/${id}/retry`).expect(200)).body).toEqual({ retried: 1 });
      const pending = await api.db.query<{ user_id: string }>(
        `SELECT n.user_id FROM push_delivery d JOIN notification n ON n.id = d.notification_id WHERE n.campaign_id = $1 AND d.status = 'pending'`,
        [id],
      );
      expect(pending.rows).toEqual([{ user_id: waiting!.user.id }]);
      // Again, with the rest still failed but none worth sending: said so, not "nothing failed".
      await api.db.query(
        `UPDATE push_delivery SET status = 'delivered' WHERE status = 'pending' AND notification_id IN (SELECT id FROM notification WHERE campaign_id = $1)`,
        [id],
      );
      const worthless = await asAdmin.post(`/${id}/retry`).expect(409);
      expect(worthless.body).toEqual({
        error: Messages.adminNotifications.nothingWorthRetrying,
        code: 'admin_notification_nothing_worth_retrying',
      });
      // Back to today: the figures' tests read yesterday as empty.
      await api.db.query('UPDATE notification SET created_at = now() WHERE campaign_id = $1', [id]);
    });

    it('will not retry an announcement that is still to be sent', async () => {
      const later = new Date(Date.now() + 3_600_000).toISOString();
      const id = (await asAdmin.post('', announcement({ kind: 'everyone' }, { send_at: later })).expect(201)).body.id as string;
      const response = await asAdmin.post(`/${id}/retry`).expect(409);
      expect(response.body.error).toBe(Messages.adminNotifications.notSent);
      await api.db.query(`UPDATE admin_notification SET status = 'cancelled' WHERE id = $1`, [id]);
    });

    it("sends a test to the admin's own inbox and devices only", async () => {
      const otherAdmin = await signUp(api);
      await makeAdmin(api, otherAdmin.user.id);
      await registerDevice(admin);
      await registerDevice(admin);
      const before = await countRows(api.db, 'notification');
      const response = await asAdmin
        .post('/test', { title: 'Testing 1 2 3', body: 'Does this look right?', type: 'admin_announcement' })
        .expect(201);
      expect(response.body).toEqual({ notificationId: expect.any(String), devices: 2 });
      expect(await countRows(api.db, 'notification')).toBe(before + 1);
      expect((await inbox(admin))[0]).toMatchObject({ id: response.body.notificationId, title: 'Testing 1 2 3' });
      await runPendingJobs(api);
      const pushed = await api.db.query('SELECT title FROM push_log WHERE notification_id = $1', [response.body.notificationId]);
      expect(pushed.rows).toEqual([{ title: 'Testing 1 2 3' }, { title: 'Testing 1 2 3' }]);
      await asAdmin.post('/test', { title: 'No body', type: 'admin_announcement' }).expect(400);
    });
  });

  describe('figures', () => {
    it('counts sent, delivered, failed and opened per type and India day', async () => {
      const city = uniqueCity();
      const people = [await signUp(api, { location: city }), await signUp(api, { location: city })];
      for (const person of people) await registerDevice(person);
      const before = (await asAdmin.get('/stats').expect(200)).body;
      const id = await send(announcement({ kind: 'city', city }, { type: 'event_promotion' }));
      await api.db.query(
        `UPDATE push_delivery d SET status = 'failed' FROM notification n WHERE n.id = d.notification_id AND n.campaign_id = $1 AND n.user_id = $2`,
        [id, people[0]!.user.id],
      );
      const [received] = await inbox(people[1]!);
      await api
        .http()
        .post(`/api/v1/notifications/${received!.id as string}/opened`)
        .set(bearer(people[1]!.token))
        .expect(200);

      const after = (await asAdmin.get('/stats').expect(200)).body;
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
      expect(after.to).toBe(today);
      const row = (stats: {
        rows: Array<{ day: string; type: string; sent: number; delivered: number; failed: number; opened: number }>;
      }) => stats.rows.find((r) => r.day === today && r.type === 'event_promotion') ?? { sent: 0, delivered: 0, failed: 0, opened: 0 };
      const [was, now] = [row(before), row(after)];
      expect(now).toMatchObject({
        sent: was.sent + 2,
        delivered: was.delivered + 1,
        failed: was.failed + 1,
        opened: was.opened + 1,
      });
      expect(after.totals.sent - before.totals.sent).toBe(2);

      const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
      const past = (await asAdmin.get(`/stats?from=${yesterday}&to=${yesterday}`).expect(200)).body;
      expect(past).toMatchObject({ from: yesterday, to: yesterday, rows: [] });
      expect((await asAdmin.get('/stats?from=2026-02-01&to=2026-01-01').expect(400)).body.error).toBe('from: must not be after to');
      expect((await asAdmin.get('/stats?from=2024-01-01&to=2026-01-01').expect(400)).body.error).toContain('at most 366 days');
      expect((await asAdmin.get('/stats?from=yesterday').expect(400)).body.error).toContain('from: must be a date');
    });

    it('lists cities by how many people live there', async () => {
      const [small, big] = [uniqueCity(), uniqueCity()];
      await signUp(api, { location: small });
      for (let index = 0; index < 3; index += 1) await signUp(api, { location: `Market Road, ${big.toLowerCase()}` });
      await signUp(api, { location: big });
      const cities = (await asAdmin.get('/cities').expect(200)).body as Array<{ city: string; audience: number }>;
      const bigRow = cities.findIndex(({ city }) => city.toLowerCase() === big.toLowerCase());
      const smallRow = cities.findIndex(({ city }) => city === small);
      expect(cities[bigRow]!.audience).toBe(4);
      expect(cities[smallRow]).toEqual({ city: small, audience: 1 });
      expect(bigRow).toBeLessThan(smallRow);
      const audiences = cities.map(({ audience }) => audience);
      expect(audiences).toEqual([...audiences].sort((a, b) => b - a));
    });
  });
});
