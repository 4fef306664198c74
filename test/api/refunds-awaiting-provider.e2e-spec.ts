import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { REFUND_CHECK_AFTER_MS, RefundsCheckHandler } from '../../api/src/modules/payments/jobs/refunds-check.job.js';
import { PaymentProvider, PaymentProviderError } from '../../api/src/modules/payments/payment-provider.port.js';
import { RefundSettlement } from '../../api/src/modules/payments/refund-settlement.js';
import { RefundsRepository } from '../../api/src/modules/payments/refunds.repository.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, createEvent, decide, sandboxPayment, transactionRow, type PaidApplication } from '../support/join-flow.js';
import { waitUntil } from '../support/poll.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

interface Delivery {
  body: string;
  signature: string;
  eventId: string;
}

/**
 * Refunds the provider accepts but processes later (Razorpay's normal refunds), with the sandbox
 * set to leave them pending until settled. The sandbox's webhooks go to a receiver here, so a test
 * decides whether each reaches the product, once, twice, or never.
 */
describe('refunds the provider is still processing', () => {
  let api: TestApi;
  let host: SignedUp;
  let admin: SignedUp;
  let receiver: Server;
  const received: Delivery[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({
          body,
          signature: String(request.headers['x-razorpay-signature']),
          eventId: String(request.headers['x-razorpay-event-id']),
        });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    api = await startTestApi({
      SANDBOX_REFUNDS: 'later',
      SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${port}/`,
      SANDBOX_WEBHOOK_DUPLICATE_RATE: '0',
    });
    host = await signUpHost(api);
    admin = await signUp(api, { name: 'Asha Admin' });
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const deliver = (delivery: Delivery) =>
    api
      .http()
      .post('/api/v1/payments/webhook')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', delivery.signature)
      .set('x-razorpay-event-id', delivery.eventId)
      .send(delivery.body);

  const refundRows = async (transactionId: string) =>
    (
      await api.db.query<{ id: string; amount: number; status: string; provider_refund_id: string | null }>(
        'SELECT id, amount, status, provider_refund_id FROM payment_refund WHERE transaction_id = $1 ORDER BY created_at',
        [transactionId],
      )
    ).rows;

  /** The refunds of the transaction the provider processed, as the invoices module hears of them (a credit note each). */
  const refundedEvents = async (transactionId: string) =>
    Number(
      (
        await api.db.query<{ count: string }>(
          `SELECT count(*) FROM outbox_event o JOIN payment_refund r ON r.id::text = o.payload->>'refundId'
            WHERE o.type = 'payment.refunded' AND r.transaction_id = $1`,
          [transactionId],
        )
      ).rows[0]!.count,
    );

  /** As if the provider was last asked about the transaction's sent refunds over an hour ago. */
  const uncheckedForAnHour = (transactionId: string) =>
    api.db.query(`UPDATE payment_refund SET checked_at = now() - interval '61 minutes' WHERE transaction_id = $1 AND status = 'sent'`, [
      transactionId,
    ]);

  /** The notifications of a failed refund of the event (the payer's and the admins'), as each person's inbox shows them. */
  const refundFailedNotices = async (who: SignedUp, eventId: string) => {
    const response = await api.http().get('/api/v1/notifications?limit=50').set(bearer(who.token));
    expect(response.status).toBe(200);
    return (response.body.notifications as Array<{ type: string; eventId: string; title: string; body: string; link: string }>)
      .filter((notification) => notification.type.startsWith('refund_') && notification.eventId === eventId)
      .map(({ type, title, body, link }) => ({ type, title, body, link }));
  };

  const transactionView = async (fan: SignedUp, transactionId: string) => {
    const response = await api.http().get(`/api/v1/payments/transactions/${transactionId}`).set(bearer(fan.token));
    expect(response.status).toBe(200);
    return response.body as { status: string; refundedAmount: number; refunds: Array<{ amount: number; status: string }> };
  };

  /** A ₹500 booking accepted and captured, then refunded by its host for `amount`, sent to the provider. */
  async function sentRefund(amount: number): Promise<{ fan: SignedUp; eventId: string; paid: PaidApplication; providerRefundId: string }> {
    const event = await createEvent(api, host, { capacity: 10 });
    const fan = await signUp(api);
    const paid = await applyAndPay(api, fan, event.id);
    expect((await decide(api, host, paid.applicationId, 'accept')).status).toBe(200);
    await runPendingJobs(api);
    const refund = await api
      .http()
      .post('/api/v1/payments/refund')
      .set(bearer(host.token))
      .send({ transactionId: paid.transactionId, amount });
    expect(refund.status).toBe(200);
    await runPendingJobs(api);
    const [row] = await refundRows(paid.transactionId);
    expect(row).toMatchObject({ amount, status: 'sent' });
    return { fan, eventId: event.id, paid, providerRefundId: row!.provider_refund_id! };
  }

  /** The bank's answer to a pending refund, and the webhook the sandbox sends about it. */
  async function settle(providerRefundId: string, outcome: 'processed' | 'failed'): Promise<Delivery> {
    const answer = await api.http().post(`/api/v1/sandbox/refunds/${providerRefundId}/settle`).send({ outcome });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: providerRefundId, status: outcome });
    // The sandbox sends its webhooks in the background, a capture's among them.
    const about = (delivery: Delivery) => {
      const body = JSON.parse(delivery.body) as { event: string; payload: { refund?: { entity: { id: string } } } };
      return body.event === `refund.${outcome}` && body.payload.refund?.entity.id === providerRefundId;
    };
    return waitUntil(async () => received.find(about), `the sandbox's ${outcome} webhook`);
  }

  it('keeps a sent refund reserved and shown as pending, with no credit note, until the webhook says it was processed (once, however often it comes)', async () => {
    const { fan, paid, providerRefundId } = await sentRefund(500);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 500 });
    expect(await refundedEvents(paid.transactionId)).toBe(0);
    expect((await transactionView(fan, paid.transactionId)).refunds).toEqual([expect.objectContaining({ amount: 500, status: 'pending' })]);
    // Asked an hour on while the provider still processes it: still sent, asked again an hour later.
    await uncheckedForAnHour(paid.transactionId);
    await api.app.get(RefundsCheckHandler).handle();
    expect((await refundRows(paid.transactionId))[0]!.status).toBe('sent');
    expect(await api.app.get(RefundsRepository).sentUncheckedFor(REFUND_CHECK_AFTER_MS, 1_000)).not.toContain(
      (await refundRows(paid.transactionId))[0]!.id,
    );

    const processed = await settle(providerRefundId, 'processed');
    expect((await deliver(processed)).status).toBe(200);
    expect((await deliver({ ...processed, eventId: `${processed.eventId}_again` })).status).toBe(200);
    // A failure said of it afterwards (a mistaken or forged-then-signed webhook) undoes nothing.
    await api.app
      .get(DataSource)
      .transaction((tx) =>
        api.app.get(RefundSettlement).recordWebhook(tx, { refundId: providerRefundId, receipt: null, paymentId: paid.paymentId }, 'failed'),
      );

    expect((await refundRows(paid.transactionId))[0]!.status).toBe('processed');
    expect(await refundedEvents(paid.transactionId)).toBe(1);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'refunded', refunded_amount: 500 });
    expect(await transactionView(fan, paid.transactionId)).toMatchObject({
      status: 'refunded',
      refunds: [{ amount: 500, status: 'processed' }],
    });
    expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ status: 'refunded', refundedAmount: 500 });
  });

  it('gives a failed refund back to the transaction, so its host can refund it again, issues no credit note, and tells the fan and the admins once', async () => {
    const { fan, eventId: event, paid, providerRefundId } = await sentRefund(200);
    const failed = await settle(providerRefundId, 'failed');
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver({ ...failed, eventId: `${failed.eventId}_again` })).status).toBe(200);
    await api.app.get(RefundsCheckHandler).handle();

    expect(await refundFailedNotices(fan, event)).toEqual([
      {
        type: 'refund_failed',
        title: 'Refund not completed',
        body: expect.stringMatching(
          /^Your refund of ₹200 for .+ could not be completed\. Our team has been told and will return it to you\.$/,
        ),
        link: '/transactions',
      },
    ]);
    expect(await refundFailedNotices(admin, event)).toEqual([
      {
        type: 'refund_needs_admin',
        title: 'A refund failed',
        body: expect.stringMatching(/^A refund of ₹200 to .+ could not be completed\. The money is back on the payment/),
        link: `/admin/payments/${paid.transactionId}`,
      },
    ]);
    expect(await refundFailedNotices(host, event)).toEqual([]);

    expect((await refundRows(paid.transactionId))[0]).toMatchObject({ status: 'failed' });
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 0 });
    expect(await refundedEvents(paid.transactionId)).toBe(0);
    expect(await transactionView(fan, paid.transactionId)).toMatchObject({
      status: 'captured',
      refunds: [{ amount: 200, status: 'failed' }],
    });

    const again = await api
      .http()
      .post('/api/v1/payments/refund')
      .set(bearer(host.token))
      .send({ transactionId: paid.transactionId, amount: 500 });
    expect(again.status).toBe(200);
    await runPendingJobs(api);
    expect((await refundRows(paid.transactionId)).map((row) => [row.amount, row.status])).toEqual([
      [200, 'failed'],
      [500, 'sent'],
    ]);
  });

  it('records money an admin returned outside Tribe once, as a processed refund the payer is told of, which counts like any refund', async () => {
    const { fan, eventId: event, paid, providerRefundId } = await sentRefund(200);
    expect((await deliver(await settle(providerRefundId, 'failed'))).status).toBe(200);
    const returnedOutside = (who: SignedUp, body: object) =>
      api.http().post(`/api/v1/payments/transactions/${paid.transactionId}/returned-outside`).set(bearer(who.token)).send(body);

    // Admins only; bad input changes nothing.
    expect((await returnedOutside(host, { amount: 200, reference: 'NEFT-1' })).status).toBe(403);
    expect((await returnedOutside(fan, { amount: 200, reference: 'NEFT-1' })).status).toBe(403);
    expect((await returnedOutside(admin, { amount: 200, reference: '   ' })).status).toBe(400);
    expect((await returnedOutside(admin, { amount: 501, reference: 'NEFT-1' })).body).toMatchObject({ code: 'refund_too_large' });
    expect(await refundRows(paid.transactionId)).toHaveLength(1);

    // The form sent twice at once records one refund; the same reference for another amount is refused.
    const [first, second] = await Promise.all([
      returnedOutside(admin, { amount: 200, reference: 'NEFT-1', reason: 'Card closed: sent by NEFT' }),
      returnedOutside(admin, { amount: 200, reference: 'NEFT-1' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.refundId).toBe(first.body.refundId);
    expect((await returnedOutside(admin, { amount: 100, reference: 'NEFT-1' })).body).toMatchObject({ code: 'outside_reference_used' });

    expect((await refundRows(paid.transactionId)).map((row) => [row.amount, row.status])).toEqual([
      [200, 'failed'],
      [200, 'processed'],
    ]);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 200 });
    expect(await refundedEvents(paid.transactionId)).toBe(1);
    expect((await transactionView(fan, paid.transactionId)).refunds).toEqual([
      expect.objectContaining({ amount: 200, status: 'failed', outsideReference: null }),
      expect.objectContaining({ amount: 200, status: 'processed', outsideReference: 'NEFT-1' }),
    ]);
    expect(await refundFailedNotices(fan, event)).toContainEqual({
      type: 'refund_returned',
      title: 'Refund returned',
      body: expect.stringMatching(/^Our team returned ₹200 for .+ to you outside Tribe\. Your transactions show its reference\.$/),
      link: '/transactions',
    });
    // The host's payout no longer counts it.
    const payouts = await api.http().get('/api/v1/payouts').set(bearer(host.token));
    expect(payouts.body.events.find((row: { eventId: string }) => row.eventId === event)).toMatchObject({ captured: 500, refunded: 200 });

    // The rest returned the same way: the payment is refunded in full.
    expect((await returnedOutside(admin, { amount: 300, reference: 'NEFT-2' })).status).toBe(200);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'refunded', refunded_amount: 500 });
    expect((await returnedOutside(admin, { amount: 1, reference: 'NEFT-3' })).body).toMatchObject({ code: 'refund_too_large' });
  });

  it('keeps a sent refund sent when asking after it fails, even with a refusal (a key rotated badly), and asks again an hour later', async () => {
    const { paid, providerRefundId } = await sentRefund(250);
    await settle(providerRefundId, 'processed');
    await uncheckedForAnHour(paid.transactionId);
    const provider = api.app.get(PaymentProvider);
    const refusing = jest
      .spyOn(provider, 'refundStatus')
      .mockRejectedValueOnce(new PaymentProviderError('Failed to process refund', 'invalid', false, 'Authentication failed'));
    try {
      await api.app.get(RefundsCheckHandler).handle();
      expect(refusing).toHaveBeenCalledTimes(1);
    } finally {
      refusing.mockRestore();
    }
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 250 });
    const [row] = await refundRows(paid.transactionId);
    expect(row!.status).toBe('sent');
    expect(await api.app.get(RefundsRepository).sentUncheckedFor(REFUND_CHECK_AFTER_MS, 1_000)).not.toContain(row!.id);

    await uncheckedForAnHour(paid.transactionId);
    await api.app.get(RefundsCheckHandler).handle();
    expect((await refundRows(paid.transactionId))[0]!.status).toBe('processed');
  });

  it('learns the outcome of a refund whose webhook was lost by asking the provider, once an hour', async () => {
    const { paid, providerRefundId } = await sentRefund(300);
    await settle(providerRefundId, 'processed');
    const check = api.app.get(RefundsCheckHandler);
    await check.handle();
    expect((await refundRows(paid.transactionId))[0]!.status).toBe('sent');

    await uncheckedForAnHour(paid.transactionId);
    await check.handle();
    expect((await refundRows(paid.transactionId))[0]!.status).toBe('processed');
    expect(await refundedEvents(paid.transactionId)).toBe(1);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 300 });
  });

  it("records a webhook that comes before the refund job recorded the provider's refund id, by the receipt the refund was asked with", async () => {
    const { paid, providerRefundId } = await sentRefund(200);
    // As if the job's answer from the provider were still on its way: the refund is made there, not yet known here by its id.
    await api.db.query(`UPDATE payment_refund SET status = 'pending', provider_refund_id = NULL WHERE transaction_id = $1`, [
      paid.transactionId,
    ]);
    const processed = await settle(providerRefundId, 'processed');
    expect((await deliver(processed)).status).toBe(200);

    expect((await refundRows(paid.transactionId))[0]).toMatchObject({ status: 'processed', provider_refund_id: providerRefundId });
    expect(await refundedEvents(paid.transactionId)).toBe(1);
    // Jobs run afterwards change nothing.
    await runPendingJobs(api);
    expect((await refundRows(paid.transactionId))[0]).toMatchObject({ status: 'processed', provider_refund_id: providerRefundId });
    expect(await refundedEvents(paid.transactionId)).toBe(1);
  });

  it('learns of a failure whose webhook was lost the same way, and gives the money back to the transaction', async () => {
    const { paid, providerRefundId } = await sentRefund(400);
    await settle(providerRefundId, 'failed');
    await uncheckedForAnHour(paid.transactionId);
    await api.app.get(RefundsCheckHandler).handle();
    expect((await refundRows(paid.transactionId))[0]!.status).toBe('failed');
    expect(await refundedEvents(paid.transactionId)).toBe(0);
    expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 0 });
  });

  it('answers 404 to settling a refund that is not pending, and settles nothing twice', async () => {
    const { providerRefundId } = await sentRefund(100);
    await settle(providerRefundId, 'processed');
    for (const id of [providerRefundId, 'rfnd_unknown']) {
      const answer = await api.http().post(`/api/v1/sandbox/refunds/${id}/settle`).send({ outcome: 'failed' });
      expect(answer.status).toBe(404);
    }
    const bad = await api.http().post(`/api/v1/sandbox/refunds/${providerRefundId}/settle`).send({ outcome: 'maybe' });
    expect(bad.status).toBe(400);
  });
});
