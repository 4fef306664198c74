import { randomUUID } from 'node:crypto';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  applyAndPay,
  applyFree,
  attendeesCount,
  createEvent,
  decide,
  QUIET_SANDBOX,
  times,
  transactionRow,
  type PaidApplication,
} from '../support/join-flow.js';
import { ApplicationsEndRefundedHandler } from '../../api/src/modules/applications/jobs/applications-end-refunded.job.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const HOUR = 3_600_000;
const startingIn = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('a fan leaves their booking: the cancellation policy says what comes back, exactly once', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api, { name: 'Meera Host' });
  });
  afterAll(async () => {
    await api.close();
  });

  const preview = (who: SignedUp | null, applicationId: string) => {
    const request = api.http().get(`/api/v1/applications/${applicationId}/leave`);
    return who ? request.set(bearer(who.token)) : request;
  };
  const leave = (who: SignedUp | null, applicationId: string) => {
    const request = api.http().post(`/api/v1/applications/${applicationId}/leave`);
    return who ? request.set(bearer(who.token)) : request;
  };

  /** A fan pays ₹price for an event starting in `startsInMs` under `policy`, is accepted, and the capture settles. */
  async function acceptedBooking(policy: string, startsInMs: number, price = 700) {
    const fan = await signUp(api, { name: 'Asha Fan' });
    const event = await createEvent(api, host, { cancellation_policy: policy, date: startingIn(startsInMs), min_bid: price });
    const paid = await applyAndPay(api, fan, event.id, price);
    await decide(api, host, paid.applicationId, 'accept').expect(200);
    await runPendingJobs(api);
    expect((await transactionRow(api, paid.transactionId)).state).toBe('captured');
    return { fan, eventId: event.id, paid };
  }

  const refundRows = async (paid: PaidApplication) =>
    (await api.db.query<{ amount: number }>('SELECT amount FROM payment_refund WHERE transaction_id = $1', [paid.transactionId])).rows;

  it('refunds what each policy gives, up to 24 hours before the start and not after, with a credit note', async () => {
    const cases = [
      { policy: 'full_refund_24h', startsIn: 48 * HOUR, refund: 700 },
      { policy: 'full_refund_24h', startsIn: 24 * HOUR + 60_000, refund: 700 },
      { policy: 'full_refund_24h', startsIn: 24 * HOUR - 60_000, refund: 0 },
      { policy: 'half_refund_24h', startsIn: 72 * HOUR, refund: 350 },
      { policy: 'half_refund_24h', startsIn: 3 * HOUR, refund: 0 },
      { policy: 'no_refund', startsIn: 30 * 24 * HOUR, refund: 0 },
    ];
    const bookings = await Promise.all(cases.map((c) => acceptedBooking(c.policy, c.startsIn)));

    for (const [index, { fan, paid }] of bookings.entries()) {
      const expected = cases[index]!;
      const shown = await preview(fan, paid.applicationId).expect(200);
      expect(shown.body).toMatchObject({ status: 'accepted', policy: expected.policy, paid: 700, refund: expected.refund, refusal: null });
      const left = await leave(fan, paid.applicationId).expect(200);
      expect(left.body).toMatchObject({ refunded: expected.refund, application: { status: 'left', cancellationPolicy: expected.policy } });
      expect((await refundRows(paid)).map((row) => row.amount)).toEqual(expected.refund > 0 ? [expected.refund] : []);
    }

    await runPendingJobs(api);
    const { fan, paid } = bookings[3]!;
    const invoices = await api.http().get(`/api/v1/invoices/application/${paid.applicationId}`).set(bearer(fan.token)).expect(200);
    expect(invoices.body.credit_notes).toHaveLength(1);
    expect(invoices.body.credit_notes[0]).toMatchObject({ kind: 'credit_note', amount: 350, transaction_id: paid.transactionId });
    expect((await transactionRow(api, paid.transactionId)).refunded_amount).toBe(350);
  });

  it('frees the seat and tells the host; a second leave, even at the same moment, refunds nothing more', async () => {
    const { fan, eventId, paid } = await acceptedBooking('full_refund_24h', 96 * HOUR);
    expect(await attendeesCount(api, eventId)).toBe(1);

    const answers = await Promise.all(times(5, () => leave(fan, paid.applicationId)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.body.refunded).sort()).toEqual([0, 0, 0, 0, 700]);
    await leave(fan, paid.applicationId).expect(200);

    expect(await refundRows(paid)).toEqual([{ amount: 700 }]);
    expect(await attendeesCount(api, eventId)).toBe(0);
    const told = await api.db.query(`SELECT 1 FROM notification WHERE user_id = $1 AND type = 'booking_left' AND application_id = $2`, [
      host.user.id,
      paid.applicationId,
    ]);
    expect(told.rowCount).toBe(1);
    const inbox = await api.http().get('/api/v1/notifications').set(bearer(host.token)).expect(200);
    expect(JSON.stringify(inbox.body)).toContain('Asha Fan cancelled their place at Jazz night.');
  });

  it('releases a pending application’s held payment at once, without a refund', async () => {
    const fan = await signUp(api);
    const event = await createEvent(api, host, { cancellation_policy: 'no_refund' });
    const paid = await applyAndPay(api, fan, event.id, 500);

    expect((await preview(fan, paid.applicationId).expect(200)).body).toMatchObject({ status: 'pending', released: 500, refund: 0 });
    const left = await leave(fan, paid.applicationId).expect(200);
    expect(left.body).toMatchObject({ refunded: 0, application: { status: 'left' } });
    expect((await transactionRow(api, paid.transactionId)).state).toBe('releasing');
    await runPendingJobs(api);
    expect((await transactionRow(api, paid.transactionId)).state).toBe('released');
    expect(await refundRows(paid)).toEqual([]);
    // A decided application can no longer be accepted.
    expect((await decide(api, host, paid.applicationId, 'accept')).status).toBe(409);
  });

  it('keeps the policy the fan joined under when the host changes it later', async () => {
    const fan = await signUp(api);
    const event = await createEvent(api, host, { cancellation_policy: 'full_refund_24h', capacity: 3, min_bid: 0 });
    const applicationId = await applyFree(api, fan, event.id);
    await api.http().put(`/api/v1/events/${event.id}`).set(bearer(host.token)).send({ cancellation_policy: 'no_refund' }).expect(200);
    const shown = await api.http().get(`/api/v1/events/${event.id}/public`).expect(200);
    expect(shown.body.cancellation_policy).toBe('no_refund');
    expect((await preview(fan, applicationId).expect(200)).body.policy).toBe('full_refund_24h');
  });

  it('lets only the fan leave their own booking; others see no such application', async () => {
    const { paid } = await acceptedBooking('full_refund_24h', 96 * HOUR);
    const stranger = await signUp(api);
    expect((await leave(null, paid.applicationId)).status).toBe(401);
    for (const who of [host, stranger]) {
      expect((await leave(who, paid.applicationId)).body).toMatchObject({ code: 'application_not_found' });
      expect((await preview(who, paid.applicationId)).status).toBe(404);
    }
    expect(await refundRows(paid)).toEqual([]);
    expect((await leave(stranger, 'not-a-uuid')).status).toBe(400);
  });

  it('refuses to leave an accepted booking once the event started, or a cancelled event’s, changing nothing', async () => {
    const started = await acceptedBooking('full_refund_24h', 96 * HOUR);
    await api.db.query(`UPDATE event SET date = now() - interval '1 minute' WHERE id = $1`, [started.eventId]);
    const late = await leave(started.fan, started.paid.applicationId);
    expect([late.status, late.body.code]).toEqual([409, 'booking_event_started']);
    expect(late.body.error).toBe('This event has started, so the booking can no longer be cancelled.');
    expect((await preview(started.fan, started.paid.applicationId)).body.refusal).toBe(late.body.error);

    const cancelled = await acceptedBooking('no_refund', 96 * HOUR);
    await api.http().post(`/api/v1/events/${cancelled.eventId}/cancel`).set(bearer(host.token)).expect(200);
    const refused = await leave(cancelled.fan, cancelled.paid.applicationId);
    expect([refused.status, refused.body.code]).toEqual([409, 'booking_event_cancelled']);

    expect(await refundRows(started.paid)).toEqual([]);
    expect(await refundRows(cancelled.paid)).toEqual([]);
    expect(await attendeesCount(api, started.eventId)).toBe(1);
  });

  it('says the payment is still being taken while the capture runs, and leaving then changes nothing', async () => {
    const fan = await signUp(api, { name: 'Ravi Fan' });
    const event = await createEvent(api, host, { cancellation_policy: 'full_refund_24h', date: startingIn(96 * HOUR), min_bid: 900 });
    const paid = await applyAndPay(api, fan, event.id, 900);
    // Accepted, and its capture job not run yet: the money is on its way.
    await decide(api, host, paid.applicationId, 'accept').expect(200);
    expect((await transactionRow(api, paid.transactionId)).state).toBe('capturing');

    const shown = (await preview(fan, paid.applicationId).expect(200)).body;
    expect(shown).toMatchObject({
      status: 'accepted',
      paid: 900,
      refusal: 'Your payment is still being processed. Try again in a minute.',
    });
    const refused = await leave(fan, paid.applicationId);
    expect([refused.status, refused.body.error]).toEqual([409, shown.refusal]);
    expect(await refundRows(paid)).toEqual([]);
  });

  it('refuses an unknown cancellation policy on an event with the list of choices', async () => {
    const response = await api
      .http()
      .post('/api/v1/events')
      .set(bearer(host.token))
      .send({
        title: 'Policy test',
        date: startingIn(96 * HOUR),
        cancellation_policy: 'whenever',
      });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('must be one of full_refund_24h, half_refund_24h, no_refund');
  });

  describe('a host or an admin refunds a booking in full', () => {
    const refund = (who: SignedUp, paid: PaidApplication, amount: number) =>
      api.http().post('/api/v1/payments/refund').set(bearer(who.token)).send({ transactionId: paid.transactionId, amount });
    const statusOf = async (paid: PaidApplication) =>
      (await api.db.query<{ status: string }>('SELECT status FROM application WHERE id = $1', [paid.applicationId])).rows[0]!.status;
    const toldOf = async (fan: SignedUp) =>
      ((await api.http().get('/api/v1/notifications').set(bearer(fan.token)).expect(200)).body.notifications as Array<{ type: string }>)
        .map((notification) => notification.type)
        .filter((type) => type === 'booking_refunded');

    it('ends the booking before the event: its seat frees, its ticket stops, the fan is told; a partial refund keeps it', async () => {
      const { fan, eventId, paid } = await acceptedBooking('no_refund', 48 * HOUR);
      const seats = await attendeesCount(api, eventId);
      await api.http().get(`/api/v1/applications/${paid.applicationId}/ticket`).set(bearer(fan.token)).expect(200);

      await refund(host, paid, 300).expect(200);
      await runPendingJobs(api);
      expect([await statusOf(paid), await attendeesCount(api, eventId)]).toEqual(['accepted', seats]);

      await refund(host, paid, 400).expect(200);
      await runPendingJobs(api);
      expect([await statusOf(paid), await attendeesCount(api, eventId)]).toEqual(['refunded', seats - 1]);
      expect((await transactionRow(api, paid.transactionId)).state).toBe('refunded');
      expect((await api.http().get(`/api/v1/applications/${paid.applicationId}/ticket`).set(bearer(fan.token)).expect(409)).body.code).toBe(
        'ticket_not_available',
      );
      expect(await toldOf(fan)).toEqual(['booking_refunded']);
      // Nothing is left to end, and nothing moves again: the reconciler finds no work, the job run again changes nothing.
      await runPendingJobs(api);
      expect(await toldOf(fan)).toEqual(['booking_refunded']);
      expect((await refundRows(paid)).map((row) => row.amount)).toEqual([300, 400]);
    });

    it("ends it on an admin's refund too, and keeps a booking whose event has started (a refund after it changes nobody's attendance)", async () => {
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);
      const upcoming = await acceptedBooking('no_refund', 48 * HOUR);
      const started = await acceptedBooking('no_refund', 48 * HOUR);
      await api.db.query(`UPDATE event SET date = now() - interval '1 hour' WHERE id = $1`, [started.eventId]);

      await refund(admin, upcoming.paid, 700).expect(200);
      await refund(admin, started.paid, 700).expect(200);
      await runPendingJobs(api);
      expect(await statusOf(upcoming.paid)).toBe('refunded');
      expect(await statusOf(started.paid)).toBe('accepted');
      expect(await toldOf(started.fan)).toEqual([]);
    });

    it('ends the booking without sending anything again when the provider failed the refund first, and leaves a cancelled event to its cancellation', async () => {
      const failed = await acceptedBooking('no_refund', 48 * HOUR);
      await refund(host, failed.paid, 700).expect(200);
      // As if the provider refused the refund before the booking's end ran: the reservation is given back.
      await api.db.query(`UPDATE payment_refund SET status = 'failed' WHERE transaction_id = $1`, [failed.paid.transactionId]);
      await api.db.query('UPDATE payment_transaction SET refunded_amount = 0 WHERE id = $1', [failed.paid.transactionId]);
      await api.app.get(ApplicationsEndRefundedHandler).handle({ transactionId: failed.paid.transactionId, outboxId: randomUUID() });
      expect(await statusOf(failed.paid)).toBe('refunded');
      expect((await refundRows(failed.paid)).map((row) => row.amount)).toEqual([700]);
      expect((await transactionRow(api, failed.paid.transactionId)).refunded_amount).toBe(0);

      const cancelled = await acceptedBooking('no_refund', 48 * HOUR);
      await refund(host, cancelled.paid, 700).expect(200);
      await api.db.query(`UPDATE event SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [cancelled.eventId]);
      await api.app.get(ApplicationsEndRefundedHandler).handle({ transactionId: cancelled.paid.transactionId, outboxId: randomUUID() });
      expect(await statusOf(cancelled.paid)).toBe('accepted');
    });

    it('has the reconciler find a full refund asked for in the last two days whose booking is still accepted, and no other', async () => {
      const handler = api.app.get(ApplicationsEndRefundedHandler);
      const [recent, old, cancelled] = await Promise.all([1, 2, 3].map(() => acceptedBooking('no_refund', 48 * HOUR)));
      for (const { paid } of [recent!, old!, cancelled!]) {
        await refund(host, paid, 700).expect(200);
        // As if its job were lost on the way a minute ago.
        await api.db.query(`UPDATE payment_transaction SET updated_at = now() - interval '1 minute' WHERE id = $1`, [paid.transactionId]);
      }
      await api.db.query(`UPDATE payment_refund SET created_at = now() - interval '3 days' WHERE transaction_id = $1`, [
        old!.paid.transactionId,
      ]);
      await api.db.query(`UPDATE event SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [cancelled!.eventId]);

      const due = (await handler.findDue(1_000)).map((job) => job.transactionId);
      expect(due).toContain(recent!.paid.transactionId);
      expect(due).not.toContain(old!.paid.transactionId);
      expect(due).not.toContain(cancelled!.paid.transactionId);
    });
  });
});
