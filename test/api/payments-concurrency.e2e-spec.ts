import { createHmac, randomUUID } from 'node:crypto';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  applicationRow,
  applyAndPay,
  attendeesCount,
  createEvent,
  decide,
  openOrder,
  outboxFor,
  payOrder,
  preAuthorize,
  QUIET_SANDBOX,
  sandboxPayment,
  times,
  transactionRow,
  verify,
} from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

describe('joining and deciding at the same time: every race has one winner', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const notificationsOf = async (userId: string, applicationId: string) =>
    (await api.db.query('SELECT type FROM notification WHERE user_id = $1 AND application_id = $2', [userId, applicationId])).rows;

  it('accepts one application asked fifty times at once exactly once, and captures it once', async () => {
    const event = await createEvent(api, host, { capacity: 10 });
    const fan = await signUp(api);
    const paid = await applyAndPay(api, fan, event.id);

    const answers = await Promise.all(times(50, () => decide(api, host, paid.applicationId, 'accept')));
    expect(answers.map((answer) => [answer.status, answer.body.status])).toEqual(times(50, () => [200, 'accepted']));
    expect(await outboxFor(api, 'payment.capture_requested', paid.transactionId)).toBe(1);
    expect(await attendeesCount(api, event.id)).toBe(1);
    expect(await notificationsOf(fan.user.id, paid.applicationId)).toEqual([{ type: 'application_accepted' }]);

    await runPendingJobs(api);
    expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ status: 'captured', captureCount: 1, capturedAmount: 500 });
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', captured_amount: 500 });
  });

  it('lets one of an accept and a reject racing win, the other refused, and moves the money one way only', async () => {
    const event = await createEvent(api, host, { capacity: 10 });
    const fan = await signUp(api);
    const paid = await applyAndPay(api, fan, event.id);

    const decisions = times(40, (index) => (index % 2 === 0 ? 'accept' : 'reject') as 'accept' | 'reject');
    const answers = await Promise.all(decisions.map((decision) => decide(api, host, paid.applicationId, decision)));
    const { status } = await applicationRow(api, paid.applicationId);
    const winner = status === 'accepted' ? 'accept' : 'reject';
    expect(['accepted', 'rejected']).toContain(status);
    answers.forEach((answer, index) => {
      if (decisions[index] === winner) expect([answer.status, answer.body.status]).toEqual([200, status]);
      else expect([answer.status, answer.body.code]).toEqual([409, 'illegal_application_transition']);
    });

    expect(await outboxFor(api, 'payment.capture_requested', paid.transactionId)).toBe(status === 'accepted' ? 1 : 0);
    expect(await outboxFor(api, 'payment.release_requested', paid.transactionId)).toBe(status === 'rejected' ? 1 : 0);
    expect(await attendeesCount(api, event.id)).toBe(status === 'accepted' ? 1 : 0);
    await runPendingJobs(api);
    const provider = await sandboxPayment(api, paid.paymentId);
    if (status === 'accepted') expect(provider).toMatchObject({ status: 'captured', captureCount: 1, released: false });
    else expect(provider).toMatchObject({ captureCount: 0, released: true });
  });

  it('fills three seats from ten applications accepted at once, refusing the other seven', async () => {
    const event = await createEvent(api, host, { capacity: 3 });
    const paid = [];
    for (let index = 0; index < 10; index += 1) paid.push(await applyAndPay(api, await signUp(api), event.id));

    const answers = await Promise.all(paid.map((one) => decide(api, host, one.applicationId, 'accept')));
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(accepted.map((answer) => answer.body.status)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(refused.map((answer) => [answer.status, answer.body])).toEqual(
      times(7, () => [409, { error: 'This event is full: no seats are left to accept this application.', code: 'event_full' }]),
    );
    expect(await attendeesCount(api, event.id)).toBe(3);

    const { rows } = await api.db.query<{ status: string; count: string }>(
      'SELECT status, count(*) FROM application WHERE event_id = $1 GROUP BY status ORDER BY status',
      [event.id],
    );
    expect(rows.map((row) => [row.status, Number(row.count)])).toEqual([
      ['accepted', 3],
      ['pending', 7],
    ]);
    const captures = await Promise.all(paid.map((one) => outboxFor(api, 'payment.capture_requested', one.transactionId)));
    expect(captures.reduce((sum, count) => sum + count, 0)).toBe(3);

    await runPendingJobs(api);
    const states = await Promise.all(paid.map(async (one) => (await transactionRow(api, one.transactionId)).state));
    expect(states.filter((state) => state === 'captured')).toHaveLength(3);
    expect(states.filter((state) => state === 'authorized')).toHaveLength(7);
  });

  it('opens one order for fifty pre-authorizations of one checkout attempt at once', async () => {
    const event = await createEvent(api, host);
    const fan = await signUp(api);
    const tempBidId = randomUUID();
    const ordersBefore = await countRows(api.db, 'sandbox.orders');

    const answers = await Promise.all(times(50, () => preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 500 })));
    expect(answers.map((answer) => answer.status)).toEqual(times(50, () => 201));
    const orderIds = new Set(answers.map((answer) => answer.body.orderId as string));
    const transactionIds = new Set(answers.map((answer) => answer.body.id as string));
    expect(orderIds.size).toBe(1);
    expect(transactionIds.size).toBe(1);
    expect([...orderIds][0]).toMatch(/^order_/);

    const { rows } = await api.db.query('SELECT id, order_id FROM payment_transaction WHERE payer_id = $1', [fan.user.id]);
    expect(rows).toEqual([{ id: [...transactionIds][0], order_id: [...orderIds][0] }]);
    expect(await countRows(api.db, 'sandbox.orders')).toBe(ordersBefore + 1);
  });

  it('takes ten refunds of ₹100 of a ₹500 payment at once only up to what was captured', async () => {
    const event = await createEvent(api, host);
    const fan = await signUp(api);
    const paid = await applyAndPay(api, fan, event.id);
    await decide(api, host, paid.applicationId, 'accept').expect(200);
    await runPendingJobs(api);

    const answers = await Promise.all(
      times(10, () =>
        api.http().post('/api/v1/payments/refund').set(bearer(host.token)).send({ transactionId: paid.transactionId, amount: 100 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => [answer.status, answer.body.code])).toEqual(
      times(5, () => [409, 'refund_too_large']),
    );
    const { rows: refunds } = await api.db.query('SELECT amount FROM payment_refund WHERE transaction_id = $1', [paid.transactionId]);
    expect(refunds).toEqual(times(5, () => ({ amount: 100 })));

    await runPendingJobs(api);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'refunded', captured_amount: 500, refunded_amount: 500 });
    expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ status: 'refunded', refundedAmount: 500 });
  });

  it('authorises once when the checkout’s proof and the provider’s webhook arrive together', async () => {
    const event = await createEvent(api, host);
    const fan = await signUp(api);
    const { transactionId, orderId } = await openOrder(api, fan, event.id);
    const proof = await payOrder(api, orderId);
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.authorized',
      contains: ['payment'],
      payload: { payment: { entity: { id: proof.paymentId, entity: 'payment', order_id: orderId, amount: 50_000, status: 'authorized' } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const webhook = (index: number) =>
      api
        .http()
        .post('/api/v1/payments/webhook')
        .set('content-type', 'application/json')
        .set('x-razorpay-signature', createHmac('sha256', api.config.SANDBOX_WEBHOOK_SECRET).update(body).digest('hex'))
        .set('x-razorpay-event-id', `evt_race_${index}`)
        .send(body);

    const answers = await Promise.all([...times(10, () => verify(api, fan, proof)), ...times(10, webhook)]);
    expect(answers.map((answer) => answer.status)).toEqual(times(20, () => 200));
    expect(await transactionRow(api, transactionId)).toMatchObject({ state: 'authorized', payment_id: proof.paymentId });
    expect(await outboxFor(api, 'payment.authorized', transactionId)).toBe(1);
    await runPendingJobs(api);
    const { rows } = await api.db.query('SELECT status FROM application WHERE transaction_id = $1', [transactionId]);
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('takes one free application from a fan tapping Join twenty times at once', async () => {
    const event = await createEvent(api, host, { min_bid: null });
    const fan = await signUp(api);
    const answers = await Promise.all(times(20, () => api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(fan.token)).send({})));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => [answer.status, answer.body.code])).toEqual(
      times(19, () => [409, 'already_applied']),
    );
    const { rows } = await api.db.query('SELECT id FROM application WHERE event_id = $1', [event.id]);
    expect(rows).toEqual([{ id: created[0]!.body.id }]);
    expect(await notificationsOf(host.user.id, created[0]!.body.id)).toEqual([{ type: 'new_application' }]);
  });
});
