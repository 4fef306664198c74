import { ApplicationsExpireHandler } from '../../api/src/modules/applications/jobs/applications-expire.job.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  applicationRow,
  applyAndPay,
  applyFree,
  attendeesCount,
  createEvent,
  decide,
  joinCounts,
  outboxFor,
  sandboxPayment,
  transactionRow,
  type PaidApplication,
} from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** The window of these tests: an authorisation is kept 48 hours before its pending application expires. */
const WINDOW_HOURS = 48;

describe('the capture window: a paid application left pending too long expires and its payment is released', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi({
      CAPTURE_WINDOW_HOURS: String(WINDOW_HOURS),
      SANDBOX_WEBHOOK_DUPLICATE_RATE: '0',
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/unused',
    });
    host = await signUpHost(api, { name: 'Window Host' });
  });
  afterAll(async () => {
    await api.close();
  });

  const expireDue = () => api.app.get(ApplicationsExpireHandler).handle();

  /** The payment of this application was authorised this many hours ago. */
  const authorisedHoursAgo = (applicationId: string, hours: number) =>
    api.db.query(`UPDATE application SET payment_authorized_at = now() - make_interval(hours => $2) WHERE id = $1`, [applicationId, hours]);

  const expiryNotices = async (applicationId: string) =>
    (
      await api.db.query<{ user_id: string }>(
        `SELECT user_id FROM notification WHERE application_id = $1 AND type = 'application_expired' ORDER BY user_id`,
        [applicationId],
      )
    ).rows.map((row) => row.user_id);

  describe('an application past the window and others that are not', () => {
    let eventId: string;
    let lapsedFan: SignedUp;
    let lapsed: PaidApplication;
    let fresh: PaidApplication;
    let insideWindow: PaidApplication;
    let freeApplicationId: string;

    beforeAll(async () => {
      eventId = (await createEvent(api, host, { title: 'Slow host night' })).id;
      lapsedFan = await signUp(api, { name: 'Lapsed Fan' });
      lapsed = await applyAndPay(api, lapsedFan, eventId);
      fresh = await applyAndPay(api, await signUp(api), eventId);
      insideWindow = await applyAndPay(api, await signUp(api), eventId);
      await authorisedHoursAgo(lapsed.applicationId, WINDOW_HOURS + 1);
      await authorisedHoursAgo(insideWindow.applicationId, WINDOW_HOURS - 1);

      const freeEvent = await createEvent(api, host, { min_bid: null });
      freeApplicationId = await applyFree(api, await signUp(api), freeEvent.id);
      await api.db.query(`UPDATE application SET created_at = now() - interval '10 days' WHERE id = $1`, [freeApplicationId]);

      await expireDue();
    });

    it('expires the lapsed application and releases its payment, never capturing it', async () => {
      expect((await applicationRow(api, lapsed.applicationId)).status).toBe('expired');
      expect(await outboxFor(api, 'payment.release_requested', lapsed.transactionId)).toBe(1);
      await runPendingJobs(api);
      expect(await transactionRow(api, lapsed.transactionId)).toMatchObject({ state: 'released', captured_amount: 0 });
      expect(await sandboxPayment(api, lapsed.paymentId)).toMatchObject({ released: true, captureCount: 0 });

      const mine = await api.http().get('/api/v1/applications/mine').set(bearer(lapsedFan.token)).expect(200);
      expect(mine.body).toEqual([expect.objectContaining({ id: lapsed.applicationId, status: 'expired' })]);
      const transaction = await api.http().get(`/api/v1/payments/transactions/${lapsed.transactionId}`).set(bearer(lapsedFan.token));
      expect(transaction.body).toMatchObject({ status: 'released', capturedAmount: 0 });
    });

    it('tells both the fan and the host', async () => {
      expect(await expiryNotices(lapsed.applicationId)).toEqual([lapsedFan.user.id, host.user.id].sort());
    });

    it('no longer lets the host accept or reject it (409), and changes nothing', async () => {
      const before = await joinCounts(api);
      for (const decision of ['accept', 'reject'] as const) {
        const response = await decide(api, host, lapsed.applicationId, decision);
        expect({ status: response.status, body: response.body }).toEqual({
          status: 409,
          body: { error: 'This application is already expired and can no longer be changed.', code: 'illegal_application_transition' },
        });
      }
      expect(await joinCounts(api)).toEqual(before);
      expect(await outboxFor(api, 'payment.capture_requested', lapsed.transactionId)).toBe(0);
      expect(await attendeesCount(api, eventId)).toBe(0);
    });

    it('leaves a fresh application, one still inside the window and a free one untouched', async () => {
      for (const kept of [fresh, insideWindow]) {
        expect(await applicationRow(api, kept.applicationId)).toEqual({ status: 'pending', decided_at: null });
        expect((await transactionRow(api, kept.transactionId)).state).toBe('authorized');
        expect(await outboxFor(api, 'payment.release_requested', kept.transactionId)).toBe(0);
        expect(await expiryNotices(kept.applicationId)).toEqual([]);
      }
      expect((await applicationRow(api, freeApplicationId)).status).toBe('pending');
      expect(await expiryNotices(freeApplicationId)).toEqual([]);

      await decide(api, host, fresh.applicationId, 'accept').expect(200);
      await runPendingJobs(api);
      expect(await transactionRow(api, fresh.transactionId)).toMatchObject({ state: 'captured', captured_amount: 500 });
    });

    it('changes nothing more when it runs again', async () => {
      const before = await joinCounts(api);
      await expireDue();
      expect(await joinCounts(api)).toEqual(before);
      expect(await expiryNotices(lapsed.applicationId)).toHaveLength(2);
      expect(await outboxFor(api, 'payment.release_requested', lapsed.transactionId)).toBe(1);
    });
  });

  it('settles a host accepting just as the window closes one way only', async () => {
    const event = await createEvent(api, host);
    const fan = await signUp(api);
    const paid = await applyAndPay(api, fan, event.id);
    await authorisedHoursAgo(paid.applicationId, WINDOW_HOURS + 1);

    const [, accept] = await Promise.all([expireDue(), decide(api, host, paid.applicationId, 'accept')]);
    await runPendingJobs(api);
    const { status } = await applicationRow(api, paid.applicationId);
    const transaction = await transactionRow(api, paid.transactionId);
    const provider = await sandboxPayment(api, paid.paymentId);
    if (status === 'accepted') {
      expect(accept.status).toBe(200);
      expect(transaction).toMatchObject({ state: 'captured', captured_amount: 500 });
      expect(provider).toMatchObject({ captureCount: 1, released: false });
      expect(await expiryNotices(paid.applicationId)).toEqual([]);
      expect(await attendeesCount(api, event.id)).toBe(1);
    } else {
      expect(status).toBe('expired');
      expect([accept.status, accept.body.code]).toEqual([409, 'illegal_application_transition']);
      expect(transaction).toMatchObject({ state: 'released', captured_amount: 0 });
      expect(provider).toMatchObject({ captureCount: 0, released: true });
      expect(await expiryNotices(paid.applicationId)).toHaveLength(2);
      expect(await attendeesCount(api, event.id)).toBe(0);
    }
  });

  it('never expires an accepted application, however long ago its payment was authorised', async () => {
    const event = await createEvent(api, host);
    const paid = await applyAndPay(api, await signUp(api), event.id);
    await decide(api, host, paid.applicationId, 'accept').expect(200);
    await runPendingJobs(api);
    await authorisedHoursAgo(paid.applicationId, WINDOW_HOURS * 2);

    await expireDue();
    await runPendingJobs(api);
    expect((await applicationRow(api, paid.applicationId)).status).toBe('accepted');
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', captured_amount: 500 });
    expect(await expiryNotices(paid.applicationId)).toEqual([]);
    expect(await attendeesCount(api, event.id)).toBe(1);
  });
});
