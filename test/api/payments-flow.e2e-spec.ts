import { randomUUID } from 'node:crypto';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { QUIET_SANDBOX } from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { payInSandbox } from '../support/sandbox-checkout.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const FUTURE = '2031-06-01T19:00:00+05:30';

describe('applying and paying: authorise, accept → captured, reject → released, cancel → refunded', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
  });

  const createEvent = async (fields: Record<string, unknown> = {}) =>
    (
      await api
        .http()
        .post('/api/v1/events')
        .set(bearer(host.token))
        .send({ title: 'Jazz night', date: FUTURE, min_bid: 500, capacity: 2, meeting_link: 'https://meet.example.in/j', ...fields })
        .expect(201)
    ).body as { id: string };

  /** A fan pays for the event in the sandbox and the worker makes the application. */
  async function applyAndPay(fan: SignedUp, eventId: string, amount = 500) {
    const order = await api
      .http()
      .post('/api/v1/payments/pre-authorization')
      .set(bearer(fan.token))
      .send({ tempBidId: randomUUID(), eventId, amount, message: 'Count me in' })
      .expect(201);
    const paid = await payInSandbox(api, order.body.orderId);
    expect(paid.status).toBe(200);
    const verified = await api
      .http()
      .post('/api/v1/payments/verify')
      .set(bearer(fan.token))
      .send({ orderId: paid.body.razorpay_order_id, paymentId: paid.body.razorpay_payment_id, signature: paid.body.razorpay_signature })
      .expect(200);
    expect(verified.body).toMatchObject({ status: 'pending', state: 'authorized', amount });
    await runPendingJobs(api);
    const mine = await api.http().get('/api/v1/applications/mine').set(bearer(fan.token)).expect(200);
    const application = mine.body.find((found: { eventId: string }) => found.eventId === eventId);
    return { transactionId: order.body.id as string, applicationId: application.id as string, application };
  }

  const transaction = async (fan: SignedUp, id: string) =>
    (await api.http().get(`/api/v1/payments/transactions/${id}`).set(bearer(fan.token)).expect(200)).body;

  const sandboxPayment = async (paymentId: string) => (await api.http().get(`/api/v1/sandbox/payments/${paymentId}`).expect(200)).body;

  it('turns an authorised payment into a pending application the host sees, and captures it on accept', async () => {
    const event = await createEvent();
    const fan = await signUp(api, { name: 'Asha Fan' });
    const { transactionId, applicationId, application } = await applyAndPay(fan, event.id);
    expect(application).toMatchObject({ status: 'pending', bidAmount: 500, message: 'Count me in', transactionId });

    const pending = await api.http().get('/api/v1/applications/pending').set(bearer(host.token)).expect(200);
    expect(pending.body).toEqual([
      expect.objectContaining({ id: applicationId, eventId: event.id, bidAmount: 500, fan: expect.objectContaining({ name: 'Asha Fan' }) }),
    ]);
    const { rows: told } = await api.db.query(`SELECT type FROM notification WHERE user_id = $1 AND application_id = $2`, [
      host.user.id,
      applicationId,
    ]);
    expect(told).toEqual([{ type: 'new_application' }]);

    const before = await api.http().get(`/api/v1/events/${event.id}`).set(bearer(fan.token)).expect(200);
    expect(before.body.meeting_link).toBeUndefined();

    const accepted = await api.http().post(`/api/v1/applications/${applicationId}/accept`).set(bearer(host.token)).expect(200);
    expect(accepted.body).toMatchObject({ id: applicationId, status: 'accepted' });
    await runPendingJobs(api);

    const paid = await transaction(fan, transactionId);
    expect(paid).toMatchObject({ status: 'captured', capturedAmount: 500, applicationId });
    expect(await sandboxPayment(paid.paymentId)).toMatchObject({ status: 'captured' });
    const after = await api.http().get(`/api/v1/events/${event.id}`).set(bearer(fan.token)).expect(200);
    expect(after.body).toMatchObject({ attendees_count: 1, meeting_link: 'https://meet.example.in/j' });
    const myEvents = await api.http().get('/api/v1/users/me/events').set(bearer(fan.token)).expect(200);
    expect(myEvents.body.data).toEqual([expect.objectContaining({ id: event.id, bid_amount: 500, bid_status: 'accepted' })]);
  });

  it('releases the authorisation when the host rejects, and never captures it', async () => {
    const event = await createEvent();
    const fan = await signUp(api);
    const { transactionId, applicationId } = await applyAndPay(fan, event.id);
    await api.http().post(`/api/v1/applications/${applicationId}/reject`).set(bearer(host.token)).expect(200);
    await runPendingJobs(api);
    const released = await transaction(fan, transactionId);
    expect(released).toMatchObject({ status: 'released', capturedAmount: 0 });
    expect(await sandboxPayment(released.paymentId)).toMatchObject({ status: expect.not.stringMatching(/captured/) });
    const accept = await api.http().post(`/api/v1/applications/${applicationId}/accept`).set(bearer(host.token));
    expect(accept.status).toBe(409);
  });

  it('refunds accepted fans and releases pending ones when the host cancels the event', async () => {
    const event = await createEvent();
    const accepted = await signUp(api);
    const waiting = await signUp(api);
    const first = await applyAndPay(accepted, event.id);
    const second = await applyAndPay(waiting, event.id);
    await api.http().post(`/api/v1/applications/${first.applicationId}/accept`).set(bearer(host.token)).expect(200);
    await runPendingJobs(api);
    await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
    await runPendingJobs(api);
    expect(await transaction(accepted, first.transactionId)).toMatchObject({ status: 'refunded', refundedAmount: 500 });
    expect(await transaction(waiting, second.transactionId)).toMatchObject({ status: 'released' });
    const { rows } = await api.db.query(`SELECT user_id, type FROM notification WHERE event_id = $1 AND type = 'event_cancelled'`, [
      event.id,
    ]);
    expect(rows.map((row) => row.user_id).sort()).toEqual([accepted.user.id, waiting.user.id].sort());
  });

  it('refuses to decide an application whose payment is no longer authorised, changing nothing', async () => {
    const event = await createEvent();
    const fan = await signUp(api);
    const { transactionId, applicationId } = await applyAndPay(fan, event.id);
    await api.db.query(`UPDATE payment_transaction SET state = 'released' WHERE id = $1`, [transactionId]);
    const refused = await api.http().post(`/api/v1/applications/${applicationId}/accept`).set(bearer(host.token));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('illegal_payment_transition');
    const { rows } = await api.db.query(
      'SELECT a.status, e.attendees_count FROM application a JOIN event e ON e.id = a.event_id WHERE a.id = $1',
      [applicationId],
    );
    expect(rows).toEqual([{ status: 'pending', attendees_count: 0 }]);
  });

  it('refuses a second seat past capacity', async () => {
    const event = await createEvent({ capacity: 1 });
    const one = await applyAndPay(await signUp(api), event.id);
    const two = await applyAndPay(await signUp(api), event.id);
    await api.http().post(`/api/v1/applications/${one.applicationId}/accept`).set(bearer(host.token)).expect(200);
    const full = await api.http().post(`/api/v1/applications/${two.applicationId}/accept`).set(bearer(host.token));
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('event_full');
  });
});
