import { randomUUID } from 'node:crypto';
import { type Redis } from 'ioredis';
import {
  AnalyticsErrorCodes,
  AnalyticsLimits,
  AnalyticsMessages,
  FUNNEL_STEPS,
  type AnalyticsEventInput,
  type DashboardView,
} from '../../api/src/contracts/analytics.contract.js';
import { AnalyticsPartitionsHandler } from '../../api/src/modules/analytics/jobs/analytics-partitions.job.js';
import { REDIS } from '../../api/src/platform/queue/redis.js';
import { bearer, makeAdmin, makeSupportStaff, signUp, signUpHost, signUpNewHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, createEvent, decide, QUIET_SANDBOX } from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

/** POST /analytics/events (schema, size, rate, storage, partitions) and GET /admin/dashboard (access, figures). */
describe('analytics', () => {
  let api: TestApi;
  let admin: SignedUp;
  let host: SignedUp;
  let addresses = 0;
  /** Each test sends from its own address, so the rate limit of one never touches another. */
  // A block of its own per run: the per-address windows live in the shared Redis, and a run a minute later must not find its counts.
  const block = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
  const newAddress = () => `${block}.${++addresses}`;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    [admin, host] = await Promise.all([signUp(api, { name: 'Asha Admin' }), signUpHost(api, { name: 'Kabir Host' })]);
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const event = (fields: Partial<AnalyticsEventInput> = {}): AnalyticsEventInput => ({
    page: 'event_detail',
    eventType: 'page',
    action: 'view',
    payload: {},
    timestamp: new Date().toISOString(),
    sessionId: randomUUID(),
    device: 'mobile',
    ...fields,
  });
  const send = (body: unknown, address = newAddress()) =>
    api
      .http()
      .post('/api/v1/analytics/events')
      .set('X-Forwarded-For', address)
      .send(body as object);
  const dashboard = (who: SignedUp | null) => {
    const request = api.http().get('/api/v1/admin/dashboard');
    return who ? request.set(bearer(who.token)) : request;
  };

  describe('POST /analytics/events', () => {
    it('stores a batch in its month’s partition, counted per page_eventType_action, without the sender’s address', async () => {
      const address = newAddress();
      const sessionId = randomUUID();
      const eventId = randomUUID();
      await send(
        {
          events: [
            event({ sessionId, payload: { eventId } }),
            event({ sessionId, page: 'home', device: 'desktop' }),
            event({ sessionId, eventType: 'apply', action: 'opened', payload: { eventId } }),
          ],
        },
        address,
      ).expect(204);

      const month = new Date().toISOString().slice(0, 7).replace('-', '_');
      const { rows } = await api.db.query<{ partition: string; key: string; payload: object; row: string }>(
        `SELECT tableoid::regclass::text AS partition, page || '_' || event_type || '_' || action AS key, payload, row_to_json(e)::text AS row
           FROM analytics_event e WHERE session_id = $1 ORDER BY key`,
        [sessionId],
      );
      expect(rows.map(({ partition, key }) => [partition, key])).toEqual([
        [`analytics_event_${month}`, 'event_detail_apply_opened'],
        [`analytics_event_${month}`, 'event_detail_page_view'],
        [`analytics_event_${month}`, 'home_page_view'],
      ]);
      expect(rows[0]!.payload).toEqual({ eventId });
      expect(rows.filter(({ row }) => row.includes(address))).toEqual([]);
      const redis = api.app.get<Redis>(REDIS);
      expect((await redis.keys('*analytics*')).filter((key) => key.includes(address))).toEqual([]);

      const count = async (key: string) =>
        Number(
          (
            await api.db.query<{ count: string }>(
              `SELECT count FROM analytics_daily_count WHERE key = $1 AND day = (now() AT TIME ZONE 'Asia/Kolkata')::date`,
              [key],
            )
          ).rows[0]?.count ?? 0,
        );
      const before = await count('event_detail_page_view');
      await send({ events: [event(), event(), event({ page: 'settings' })] }).expect(204);
      expect(await count('event_detail_page_view')).toBe(before + 2);
    });

    it('refuses what does not fit the schema with a 400 naming the field, and stores nothing of the batch', async () => {
      const stored = await countRows(api.db, 'analytics_event');
      const refusals: Array<[unknown, RegExp]> = [
        [{ events: [event({ page: 'checkout' as never })] }, /^events\.0\.page: /],
        [{ events: [event(), event({ payload: { email: 'asha@example.in' } as never })] }, /^events\.1\.payload: .*email/],
        [{ events: [event({ payload: { status: '+91 98765 43210' } })] }, /^events\.0\.payload\.status: must be a lower-case slug/],
        [{ events: [event({ sessionId: 'user-42' })] }, /^events\.0\.sessionId: /],
        [{ events: [event({ device: 'fridge' as never })] }, /^events\.0\.device: /],
        [{ events: [] }, /^events: /],
        [{ events: Array.from({ length: AnalyticsLimits.eventsPerBatch + 1 }, () => event()) }, /^events: /],
      ];
      for (const [body, message] of refusals) {
        const response = await send(body).expect(400);
        expect(response.body.error).toMatch(message);
      }
      const stale = await send({ events: [event(), event({ timestamp: new Date(Date.now() - 25 * 3600_000).toISOString() })] }).expect(400);
      expect(stale.body).toEqual({
        error: `events.1.${AnalyticsMessages.timestampOutOfRange}`,
        code: AnalyticsErrorCodes.timestampOutOfRange,
      });
      expect(await countRows(api.db, 'analytics_event')).toBe(stored);
    });

    it('refuses a body over the size bound with 413 before reading it', async () => {
      const padded = { events: [event()], padding: 'x'.repeat(AnalyticsLimits.maxBodyBytes) };
      expect((await send(padded).expect(413)).body).toEqual({ error: AnalyticsMessages.tooLarge, code: 'payload_too_large' });
    });

    it('limits the batches one address sends per window with 429 and Retry-After; another address is not held up', async () => {
      const address = newAddress();
      // The window is the wall clock's: a burst must not straddle two of them.
      const left = AnalyticsLimits.windowMs - (Date.now() % AnalyticsLimits.windowMs);
      if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left));
      const statuses = await Promise.all(
        Array.from({ length: AnalyticsLimits.batchesPerWindow }, async () => (await send({}, address)).status),
      );
      expect(new Set(statuses)).toEqual(new Set([400]));
      const refused = await send({ events: [event()] }, address).expect(429);
      expect(refused.body).toEqual({ error: AnalyticsMessages.tooFast, code: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await send({ events: [event()] }).expect(204);
    });

    it('makes the months ahead’s partitions that are missing', async () => {
      const ahead = new Date();
      ahead.setUTCDate(1);
      ahead.setUTCMonth(ahead.getUTCMonth() + 2);
      const partition = `analytics_event_${ahead.toISOString().slice(0, 7).replace('-', '_')}`;
      const exists = async () => (await api.db.query('SELECT to_regclass($1) AS t', [partition])).rows[0].t !== null;
      await api.db.query(`DROP TABLE ${partition}`);
      expect(await exists()).toBe(false);
      await api.app.get(AnalyticsPartitionsHandler).handle();
      expect(await exists()).toBe(true);
    });
  });

  describe('GET /admin/dashboard', () => {
    it('is for full admins: guest 401, fan 403, support staff 403', async () => {
      const [fan, support] = await Promise.all([signUp(api), signUp(api)]);
      await makeSupportStaff(api, support.user.id);
      await dashboard(null).expect(401);
      await dashboard(fan).expect(403);
      await dashboard(support).expect(403);
      const view = (await dashboard(admin).expect(200)).body as DashboardView;
      expect(view.days).toHaveLength(AnalyticsLimits.dashboardDays);
      expect(view.queues?.map(({ queue }) => queue)).toContain('payments');
    });

    it('shows today’s sign-ups, events, applications, money, backlog, sessions and the join funnel', async () => {
      const today = (view: DashboardView) => view.days.at(-1)!;
      // A host nobody has verified (signed up before the first reading): their event waits in the review queue.
      const newHost = await signUpNewHost(api);
      const before = (await dashboard(admin).expect(200)).body as DashboardView;

      const fan = await signUp(api);
      const published = await createEvent(api, host, { min_bid: 700 });
      await createEvent(api, newHost, { min_bid: 0 });
      await api.db.query(`INSERT INTO event_report (event_id, reporter_id, reason) VALUES ($1, $2, 'spam')`, [published.id, fan.user.id]);
      const paid = await applyAndPay(api, fan, published.id, 700);
      await decide(api, host, paid.applicationId, 'accept').expect(200);
      await runPendingJobs(api);
      await api.db.query(
        `INSERT INTO payment_refund (transaction_id, amount, status, reason, processed_at) VALUES ($1, 200, 'processed', 'goodwill', now())`,
        [paid.transactionId],
      );
      const walker = randomUUID();
      await send({
        events: FUNNEL_STEPS.map(({ page, eventType, action }) => event({ page, eventType, action, sessionId: walker })),
      }).expect(204);
      await send({ events: [event(), event({ page: 'home', device: 'tablet' })] }).expect(204);

      const after = (await dashboard(admin).expect(200)).body as DashboardView;
      expect(today(after).day).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
      expect({
        signUps: today(after).signUps - today(before).signUps,
        eventsPublished: today(after).eventsPublished - today(before).eventsPublished,
        applications: today(after).applications - today(before).applications,
        capturedInr: today(after).capturedInr - today(before).capturedInr,
        refundedInr: today(after).refundedInr - today(before).refundedInr,
        activeSessions: today(after).activeSessions - today(before).activeSessions,
      }).toEqual({ signUps: 1, eventsPublished: 1, applications: 1, capturedInr: 700, refundedInr: 200, activeSessions: 3 });
      expect(after.openReports - before.openReports).toBe(1);
      expect(after.eventsAwaitingReview - before.eventsAwaitingReview).toBe(1);
      expect(after.funnel.map(({ key, sessions }, index) => [key, sessions - before.funnel[index]!.sessions])).toEqual([
        ['event_detail_page_view', 2],
        ['event_detail_apply_opened', 1],
        ['event_detail_payment_succeeded', 1],
        ['event_detail_application_accepted_seen', 1],
      ]);
    });
  });
});
