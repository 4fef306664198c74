import { createHmac, randomBytes } from 'node:crypto';
import { signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { createEvent, joinCounts, openOrder, outboxFor, payOrder, sandboxPayment, transactionRow } from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { payInSandbox } from '../support/sandbox-checkout.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

const WEBHOOK_SECRET = 'webhook-secret-of-these-tests';

type PaymentEvent = 'payment.authorized' | 'payment.failed' | 'payment.captured';

interface Delivery {
  eventId: string;
  body: string;
}

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

const eventId = () => `evt_${randomBytes(7).toString('hex')}`;

/** A Razorpay-shaped payment webhook (amount in paise), as JSON text: the bytes that are signed and sent. */
function paymentWebhook(
  event: PaymentEvent,
  payment: { id: string; orderId: string; rupees: number },
  createdAt = Math.floor(Date.now() / 1000),
): Delivery {
  const failed = event === 'payment.failed';
  const body = {
    entity: 'event',
    account_id: 'acc_tests',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.rupees * 100,
          currency: 'INR',
          status: failed ? 'failed' : event === 'payment.captured' ? 'captured' : 'authorized',
          order_id: payment.orderId,
          method: 'card',
          captured: event === 'payment.captured',
          error_code: failed ? 'BAD_REQUEST_ERROR' : null,
          error_description: failed ? 'Insufficient funds for this transaction.' : null,
          error_reason: failed ? 'insufficient_funds' : null,
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    },
    created_at: createdAt,
  };
  return { eventId: eventId(), body: JSON.stringify(body) };
}

/** A small seeded generator (mulberry32), so a shuffled order that fails can be run again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

describe('provider webhooks: signed, recorded once, applied in any order', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    // The sandbox's own webhooks go nowhere: every webhook the product receives here is one the test sends.
    api = await startTestApi({
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/',
      SANDBOX_WEBHOOK_DUPLICATE_RATE: '0',
      SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
  });

  function deliver(delivery: Delivery, signature = sign(delivery.body)) {
    return api
      .http()
      .post('/api/v1/payments/webhook')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', signature)
      .set('x-razorpay-event-id', delivery.eventId)
      .send(delivery.body);
  }

  const providerEventIds = async () =>
    (await api.db.query<{ id: string }>('SELECT id FROM provider_event ORDER BY id')).rows.map((row) => row.id);

  /** A fan's order for a new event, a declined try at its checkout, then an authorised one: the provider's ids of both. */
  async function declinedThenPaid() {
    const event = await createEvent(api, host);
    const fan = await signUp(api);
    const { transactionId, orderId } = await openOrder(api, fan, event.id);
    const declined = await payInSandbox(api, orderId, 'insufficient_funds');
    expect(declined.status).toBe(402);
    const paid = await payOrder(api, orderId);
    return {
      fan,
      eventId: event.id,
      transactionId,
      orderId,
      failedPayment: { id: declined.body.razorpay_payment_id as string, orderId, rupees: 500 },
      payment: { id: paid.paymentId, orderId, rupees: 500 },
    };
  }

  // Seed 3 delivers the failure first, seed 4 only after every authorisation, the others in between.
  it.each([1, 2, 3, 4, 5])(
    'applies a failure and two authorisations, each delivered three times in shuffled order (seed %i), once each',
    async (seed) => {
      const checkout = await declinedThenPaid();
      const failed = paymentWebhook('payment.failed', checkout.failedPayment);
      const authorized = paymentWebhook('payment.authorized', checkout.payment);
      const authorizedAgain = paymentWebhook('payment.authorized', checkout.payment);
      const deliveries = shuffled(
        [failed, authorized, authorizedAgain].flatMap((one) => [one, one, one]),
        seeded(seed),
      );
      const before = await countRows(api.db, 'provider_event');

      for (const delivery of deliveries) {
        const response = await deliver(delivery);
        expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { ok: true } });
      }

      // The two authorisations say the same of the same payment: whichever came first is the one stored.
      const recorded = await providerEventIds();
      expect(recorded).toHaveLength(before + 2);
      expect(recorded).toContain(failed.eventId);
      expect([authorized.eventId, authorizedAgain.eventId].filter((id) => recorded.includes(id))).toHaveLength(1);
      expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'authorized', payment_id: checkout.payment.id });
      expect(await outboxFor(api, 'payment.authorized', checkout.transactionId)).toBe(1);

      await runPendingJobs(api);
      const { rows } = await api.db.query('SELECT status FROM application WHERE transaction_id = $1', [checkout.transactionId]);
      expect(rows).toEqual([{ status: 'pending' }]);
    },
  );

  it('records a webhook delivered ten times at once once', async () => {
    const checkout = await declinedThenPaid();
    const authorized = paymentWebhook('payment.authorized', checkout.payment);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(authorized)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const { rows } = await api.db.query('SELECT count(*)::int AS count FROM provider_event WHERE id = $1', [authorized.eventId]);
    expect(rows).toEqual([{ count: 1 }]);
    expect(await outboxFor(api, 'payment.authorized', checkout.transactionId)).toBe(1);
  });

  it('refuses a webhook whose signature does not verify (400), recording and changing nothing', async () => {
    const checkout = await declinedThenPaid();
    const authorized = paymentWebhook('payment.authorized', checkout.payment);
    const tampered = { ...authorized, body: authorized.body.replace('"amount":50000', '"amount":100') };
    expect(tampered.body).not.toBe(authorized.body);
    const before = await joinCounts(api);
    const eventsBefore = await countRows(api.db, 'provider_event');

    const refusals = [
      deliver(authorized, sign(authorized.body, 'another-secret-entirely')),
      deliver(tampered, sign(authorized.body)),
      deliver(authorized, sign(authorized.body).toUpperCase()),
      deliver(authorized, ''),
      api
        .http()
        .post('/api/v1/payments/webhook')
        .set('content-type', 'application/json')
        .set('x-razorpay-event-id', authorized.eventId)
        .send(authorized.body),
    ];
    for (const response of await Promise.all(refusals)) {
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { error: 'Invalid webhook signature', code: 'webhook_signature_invalid' },
      });
    }
    expect(await countRows(api.db, 'provider_event')).toBe(eventsBefore);
    expect(await joinCounts(api)).toEqual(before);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'created', payment_id: null });

    // The same event, signed with the right secret, is taken.
    await deliver(authorized).expect(200);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'authorized', payment_id: checkout.payment.id });
  });

  it('refuses a validly signed body that is not JSON (4xx), recording and changing nothing', async () => {
    const checkout = await declinedThenPaid();
    const before = await joinCounts(api);
    const eventsBefore = await countRows(api.db, 'provider_event');
    const garbage = {
      eventId: eventId(),
      body: `{"event":"payment.authorized","payload":{"payment":{"entity":{"order_id":"${checkout.orderId}"`,
    };
    const response = await deliver(garbage);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await countRows(api.db, 'provider_event')).toBe(eventsBefore);
    expect(await joinCounts(api)).toEqual(before);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'created', payment_id: null });
  });

  it('authorises an order whose first try failed once a later try in the same checkout succeeds', async () => {
    const checkout = await declinedThenPaid();
    await deliver(paymentWebhook('payment.failed', checkout.failedPayment)).expect(200);
    const failedView = await api
      .http()
      .get(`/api/v1/payments/transactions/${checkout.transactionId}`)
      .set('Authorization', `Bearer ${checkout.fan.token}`);
    expect(failedView.body).toMatchObject({ status: 'failed', state: 'failed', failureReason: 'Insufficient funds for this transaction.' });

    await deliver(paymentWebhook('payment.authorized', checkout.payment)).expect(200);
    const view = await api
      .http()
      .get(`/api/v1/payments/transactions/${checkout.transactionId}`)
      .set('Authorization', `Bearer ${checkout.fan.token}`);
    expect(view.body).toMatchObject({ status: 'pending', state: 'authorized', paymentId: checkout.payment.id, failureReason: null });
    expect(await outboxFor(api, 'payment.authorized', checkout.transactionId)).toBe(1);

    await runPendingJobs(api);
    const { rows } = await api.db.query('SELECT status, bid_amount FROM application WHERE transaction_id = $1', [checkout.transactionId]);
    expect(rows).toEqual([{ status: 'pending', bid_amount: 500 }]);
  });

  it('releases, and never captures, an authorisation that arrives after its event was cancelled', async () => {
    const checkout = await declinedThenPaid();
    await api.http().post(`/api/v1/events/${checkout.eventId}/cancel`).set('Authorization', `Bearer ${host.token}`).expect(200);
    await runPendingJobs(api);

    await deliver(paymentWebhook('payment.authorized', checkout.payment)).expect(200);
    expect((await transactionRow(api, checkout.transactionId)).state).toBe('authorized');
    await runPendingJobs(api);

    const { rows: applications } = await api.db.query('SELECT id FROM application WHERE transaction_id = $1', [checkout.transactionId]);
    expect(applications).toEqual([]);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'released', captured_amount: 0 });
    expect(await outboxFor(api, 'payment.capture_requested', checkout.transactionId)).toBe(0);
    expect(await sandboxPayment(api, checkout.payment.id)).toMatchObject({ released: true, captureCount: 0, capturedAmount: 0 });
    const { rows: told } = await api.db.query('SELECT type, amount FROM notification WHERE user_id = $1', [checkout.fan.user.id]);
    expect(told).toEqual([{ type: 'payment', amount: 500 }]);
  });

  it('ignores a capture webhook for a payment nobody asked to capture', async () => {
    const checkout = await declinedThenPaid();
    await deliver(paymentWebhook('payment.authorized', checkout.payment)).expect(200);
    await deliver(paymentWebhook('payment.captured', checkout.payment)).expect(200);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'authorized', captured_amount: 0 });
    expect(await outboxFor(api, 'payment.captured', checkout.transactionId)).toBe(0);
  });

  it('stores a signed body replayed under a new event id, or none, once: what it says is recorded once', async () => {
    const checkout = await declinedThenPaid();
    const authorized = paymentWebhook('payment.authorized', checkout.payment);
    await deliver(authorized).expect(200);
    const stored = await countRows(api.db, 'provider_event');

    for (const replay of [
      { ...authorized, eventId: eventId() },
      { ...authorized, eventId: eventId() },
    ])
      await deliver(replay).expect(200);
    await api
      .http()
      .post('/api/v1/payments/webhook')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', sign(authorized.body))
      .send(authorized.body)
      .expect(200);
    expect(await countRows(api.db, 'provider_event')).toBe(stored);
    expect(await outboxFor(api, 'payment.authorized', checkout.transactionId)).toBe(1);
  });

  it('refuses a signed body older than the provider retries for (a replay) with 400, recording and changing nothing', async () => {
    const checkout = await declinedThenPaid();
    const threeDaysAgo = Math.floor(Date.now() / 1000) - 3 * 24 * 3600;
    const stale = paymentWebhook('payment.authorized', checkout.payment, threeDaysAgo);
    const eventsBefore = await countRows(api.db, 'provider_event');
    const refused = await deliver(stale).expect(400);
    expect(refused.body).toEqual({
      error: 'This webhook is older than the provider retries for, so it is not acted on.',
      code: 'webhook_stale',
    });
    expect(await countRows(api.db, 'provider_event')).toBe(eventsBefore);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'created', payment_id: null });
    // A day old is still within Razorpay's retries.
    await deliver(paymentWebhook('payment.authorized', checkout.payment, Math.floor(Date.now() / 1000) - 24 * 3600)).expect(200);
    expect(await transactionRow(api, checkout.transactionId)).toMatchObject({ state: 'authorized' });
  });
});
