import { randomUUID } from 'node:crypto';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  applicationRow,
  applyAndPay,
  applyFree,
  attendeesCount,
  createEvent,
  decide,
  joinCounts,
  openOrder,
  outboxFor,
  type PaidApplication,
  payOrder,
  QUIET_SANDBOX,
  sandboxPayment,
  transactionRow,
  verify,
} from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('payments and applications: each person reaches only their own', () => {
  let api: TestApi;
  let hostX: SignedUp;
  let hostY: SignedUp;
  let fanA: SignedUp;
  let fanB: SignedUp;
  let admin: SignedUp;
  let eventX: string;
  let eventY: string;
  /** fan A's pending application to host X's event, and fan B's to host Y's. */
  let paidA: PaidApplication;
  let paidB: PaidApplication;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    hostX = await signUpHost(api, { name: 'Host X' });
    hostY = await signUpHost(api, { name: 'Host Y' });
    fanA = await signUp(api, { name: 'Fan A' });
    fanB = await signUp(api, { name: 'Fan B' });
    admin = await signUp(api, { name: 'Admin' });
    await makeAdmin(api, admin.user.id);
    eventX = (await createEvent(api, hostX, { title: 'Event X' })).id;
    eventY = (await createEvent(api, hostY, { title: 'Event Y' })).id;
    paidA = await applyAndPay(api, fanA, eventX);
    paidB = await applyAndPay(api, fanB, eventY);
  });
  afterAll(async () => {
    await api.close();
  });

  const transactionNotFound = { error: 'Transaction not found', code: 'transaction_not_found' };
  const applicationNotFound = { error: 'Application not found.', code: 'application_not_found' };

  /** A captured payment of a fresh fan to host X's event. */
  async function capturedPayment(): Promise<PaidApplication & { fan: SignedUp }> {
    const fan = await signUp(api);
    const paid = await applyAndPay(api, fan, eventX);
    await decide(api, hostX, paid.applicationId, 'accept').expect(200);
    await runPendingJobs(api);
    expect((await transactionRow(api, paid.transactionId)).state).toBe('captured');
    return { ...paid, fan };
  }

  describe('transactions', () => {
    it("answers another fan's transaction with 404, as if it did not exist", async () => {
      const other = await api.http().get(`/api/v1/payments/transactions/${paidB.transactionId}`).set(bearer(fanA.token));
      expect(other.status).toBe(404);
      expect(other.body).toEqual(transactionNotFound);
      const missing = await api.http().get(`/api/v1/payments/transactions/${randomUUID()}`).set(bearer(fanA.token));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(transactionNotFound);
      const own = await api.http().get(`/api/v1/payments/transactions/${paidB.transactionId}`).set(bearer(fanB.token)).expect(200);
      expect(own.body).toMatchObject({ id: paidB.transactionId, eventId: eventY, applicationId: paidB.applicationId });
    });

    it('does not show a fan’s transaction to the host of the event paid for', async () => {
      const response = await api.http().get(`/api/v1/payments/transactions/${paidA.transactionId}`).set(bearer(hostX.token));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(transactionNotFound);
    });

    it('lists only the caller’s own transactions and applications', async () => {
      const transactions = await api.http().get('/api/v1/payments/transactions').set(bearer(fanA.token)).expect(200);
      expect(transactions.body.map((found: { id: string }) => found.id)).toEqual([paidA.transactionId]);
      const applications = await api.http().get('/api/v1/applications/mine').set(bearer(fanA.token)).expect(200);
      expect(applications.body.map((found: { id: string }) => found.id)).toEqual([paidA.applicationId]);
      const hostsOwn = await api.http().get('/api/v1/payments/transactions').set(bearer(hostX.token)).expect(200);
      expect(hostsOwn.body).toEqual([]);
    });
  });

  describe('refunds', () => {
    it('refuses a fan refunding their own payment (403), and changes nothing', async () => {
      const paid = await capturedPayment();
      const before = await joinCounts(api);
      const response = await api
        .http()
        .post('/api/v1/payments/refund')
        .set(bearer(paid.fan.token))
        .send({ transactionId: paid.transactionId, amount: 500 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'Only an admin or the host of this event can refund this payment.', code: 'not_refunder' });
      expect(await joinCounts(api)).toEqual(before);
      expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 0 });
    });

    it('answers another fan and another event’s host with 404, and changes nothing', async () => {
      const paid = await capturedPayment();
      const before = await joinCounts(api);
      for (const stranger of [fanB, hostY]) {
        const response = await api
          .http()
          .post('/api/v1/payments/refund')
          .set(bearer(stranger.token))
          .send({ transactionId: paid.transactionId, amount: 100 });
        expect(response.status).toBe(404);
        expect(response.body).toEqual(transactionNotFound);
      }
      expect(await joinCounts(api)).toEqual(before);
      expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', refunded_amount: 0 });
    });

    it('lets the host of the event paid for refund', async () => {
      const paid = await capturedPayment();
      const response = await api
        .http()
        .post('/api/v1/payments/refund')
        .set(bearer(hostX.token))
        .send({ transactionId: paid.transactionId, amount: 500 })
        .expect(200);
      expect(response.body).toEqual({ ok: true, refundId: expect.any(String) });
      await runPendingJobs(api);
      expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'refunded', refunded_amount: 500 });
    });
  });

  describe("another host's applications", () => {
    it('refuses to accept, reject or list them, and changes nothing', async () => {
      const before = await joinCounts(api);
      const seats = await attendeesCount(api, eventX);
      for (const decision of ['accept', 'reject'] as const) {
        const response = await decide(api, hostY, paidA.applicationId, decision);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(applicationNotFound);
      }
      const listed = await api.http().get(`/api/v1/applications/event/${eventX}`).set(bearer(hostY.token));
      expect(listed.status).toBe(403);
      expect(listed.body).toEqual({ error: 'Only the host of this event can decide on its applications.', code: 'not_application_host' });
      const pending = await api.http().get('/api/v1/applications/pending').set(bearer(hostY.token)).expect(200);
      const pendingIds = pending.body.map((found: { id: string }) => found.id);
      expect(pendingIds).toContain(paidB.applicationId);
      expect(pendingIds).not.toContain(paidA.applicationId);

      expect(await joinCounts(api)).toEqual(before);
      expect(await applicationRow(api, paidA.applicationId)).toEqual({ status: 'pending', decided_at: null });
      expect((await transactionRow(api, paidA.transactionId)).state).toBe('authorized');
      expect(await outboxFor(api, 'payment.capture_requested', paidA.transactionId)).toBe(0);
      expect(await outboxFor(api, 'payment.release_requested', paidA.transactionId)).toBe(0);
      expect(await attendeesCount(api, eventX)).toBe(seats);
    });

    it('refuses a fan deciding on their own application, and changes nothing', async () => {
      const before = await joinCounts(api);
      for (const decision of ['accept', 'reject'] as const) {
        const response = await decide(api, fanA, paidA.applicationId, decision);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(applicationNotFound);
      }
      expect(await joinCounts(api)).toEqual(before);
      expect(await applicationRow(api, paidA.applicationId)).toEqual({ status: 'pending', decided_at: null });
      expect((await transactionRow(api, paidA.transactionId)).state).toBe('authorized');
    });

    it('shows an event’s applications to its host and admins only (403 for anyone else)', async () => {
      for (const outsider of [fanA, fanB, hostY]) {
        const response = await api.http().get(`/api/v1/applications/event/${eventX}`).set(bearer(outsider.token));
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('not_application_host');
      }
      const host = await api.http().get(`/api/v1/applications/event/${eventX}`).set(bearer(hostX.token)).expect(200);
      const own = host.body.find((found: { id: string }) => found.id === paidA.applicationId);
      expect(own).toMatchObject({ status: 'pending', fan: { id: fanA.user.id, name: 'Fan A' } });
      expect(own.fan.email).toBeUndefined();
    });
  });

  it("refuses verifying another fan's order even with a valid signature, and leaves that payment as it was", async () => {
    const event = await createEvent(api, hostY);
    const { transactionId, orderId } = await openOrder(api, fanB, event.id);
    const proof = await payOrder(api, orderId);
    const before = await joinCounts(api);

    const stolen = await verify(api, fanA, proof);
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ error: 'Payment verification failed. Please contact support.', code: 'payment_verification_failed' });
    expect(await joinCounts(api)).toEqual(before);
    expect(await transactionRow(api, transactionId)).toMatchObject({ state: 'created', payment_id: null });

    // The proof itself was good: its owner verifies with it.
    const own = await verify(api, fanB, proof).expect(200);
    expect(own.body).toMatchObject({ id: transactionId, state: 'authorized', paymentId: proof.paymentId });
  });

  describe('attendees', () => {
    async function eventWithAttendees(showAttendees: boolean) {
      const event = await createEvent(api, hostX, { min_bid: null, show_attendees: showAttendees });
      const accepted = await signUp(api, { name: 'Accepted Fan' });
      const waiting = await signUp(api, { name: 'Waiting Fan' });
      const rejected = await signUp(api, { name: 'Rejected Fan' });
      await decide(api, hostX, await applyFree(api, accepted, event.id), 'accept').expect(200);
      await applyFree(api, waiting, event.id);
      await decide(api, hostX, await applyFree(api, rejected, event.id), 'reject').expect(200);
      return { eventId: event.id, accepted, waiting };
    }

    it('keeps a private attendee list from everyone but the host and admins', async () => {
      const { eventId, accepted, waiting } = await eventWithAttendees(false);
      for (const outsider of [fanA, accepted, waiting, hostY]) {
        const response = await api.http().get(`/api/v1/events/${eventId}/attendees`).set(bearer(outsider.token));
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: 'The host keeps the attendee list of this event private.', code: 'attendees_hidden' });
      }
      for (const allowed of [hostX, admin]) {
        const response = await api.http().get(`/api/v1/events/${eventId}/attendees`).set(bearer(allowed.token)).expect(200);
        expect(response.body).toEqual([{ id: accepted.user.id, name: 'Accepted Fan', photoUrl: null }]);
      }
    });

    it('shows a public attendee list to any signed-in person, with accepted fans only', async () => {
      const { eventId, accepted } = await eventWithAttendees(true);
      const response = await api.http().get(`/api/v1/events/${eventId}/attendees`).set(bearer(fanB.token)).expect(200);
      expect(response.body).toEqual([{ id: accepted.user.id, name: 'Accepted Fan', photoUrl: null }]);
    });

    it('keeps the attendees of an event moderation took off the site from everyone but its host and admins', async () => {
      const { eventId, accepted } = await eventWithAttendees(true);
      await api.db.query(`UPDATE event SET moderation_status = 'host_suspended' WHERE id = $1`, [eventId]);
      for (const outsider of [fanB, accepted]) {
        const response = await api.http().get(`/api/v1/events/${eventId}/attendees`).set(bearer(outsider.token)).expect(404);
        expect(response.body).toEqual({ error: 'Event not found.', code: expect.any(String) });
      }
      for (const allowed of [hostX, admin]) {
        const response = await api.http().get(`/api/v1/events/${eventId}/attendees`).set(bearer(allowed.token)).expect(200);
        expect(response.body).toEqual([{ id: accepted.user.id, name: 'Accepted Fan', photoUrl: null }]);
      }
    });
  });

  it('answers a guest with 401 on every payments and applications endpoint, and changes nothing', async () => {
    const before = await joinCounts(api);
    const attempts: Array<[string, 'get' | 'post', Record<string, unknown>?]> = [
      ['/api/v1/payments/pre-authorization', 'post', { tempBidId: 'guest-1', eventId: eventX, amount: 500 }],
      ['/api/v1/payments/verify', 'post', { orderId: paidA.orderId, paymentId: paidA.paymentId, signature: 'a'.repeat(64) }],
      ['/api/v1/payments/transactions', 'get'],
      [`/api/v1/payments/transactions/${paidA.transactionId}`, 'get'],
      ['/api/v1/payments/refund', 'post', { transactionId: paidA.transactionId, amount: 100 }],
      [`/api/v1/payments/transactions/${paidA.transactionId}/returned-outside`, 'post', { amount: 100, reference: 'NEFT-1' }],
      [`/api/v1/events/${eventX}/bid`, 'post', {}],
      [`/api/v1/events/${eventX}/attendees`, 'get'],
      [`/api/v1/events/past-attended/${fanA.user.id}`, 'get'],
      ['/api/v1/users/me/events', 'get'],
      [`/api/v1/applications/event/${eventX}`, 'get'],
      ['/api/v1/applications/pending', 'get'],
      ['/api/v1/applications/mine', 'get'],
      [`/api/v1/applications/${paidA.applicationId}/accept`, 'post'],
      [`/api/v1/applications/${paidA.applicationId}/reject`, 'post'],
    ];
    for (const [path, method, body] of attempts) {
      const call =
        method === 'get'
          ? api.http().get(path)
          : api
              .http()
              .post(path)
              .send(body ?? {});
      const response = await call;
      expect({ path, status: response.status, code: response.body.code }).toEqual({ path, status: 401, code: 'unauthorized' });
    }
    expect(await joinCounts(api)).toEqual(before);
    expect(await applicationRow(api, paidA.applicationId)).toEqual({ status: 'pending', decided_at: null });
  });

  it('lets an admin list any event’s applications (with the fan’s email), accept one and refund it', async () => {
    const fan = await signUp(api, { name: 'Admin-handled Fan' });
    const paid = await applyAndPay(api, fan, eventX);
    const listed = await api.http().get(`/api/v1/applications/event/${eventX}`).set(bearer(admin.token)).expect(200);
    expect(listed.body.find((found: { id: string }) => found.id === paid.applicationId)).toMatchObject({
      status: 'pending',
      fan: { id: fan.user.id, email: fan.user.email },
    });

    const accepted = await decide(api, admin, paid.applicationId, 'accept').expect(200);
    expect(accepted.body).toMatchObject({ id: paid.applicationId, status: 'accepted' });
    await runPendingJobs(api);
    const seen = await api.http().get(`/api/v1/payments/transactions/${paid.transactionId}`).set(bearer(admin.token)).expect(200);
    expect(seen.body).toMatchObject({ status: 'captured', capturedAmount: 500 });

    await api
      .http()
      .post('/api/v1/payments/refund')
      .set(bearer(admin.token))
      .send({ transactionId: paid.transactionId, amount: 150, reason: 'Late start' })
      .expect(200);
    // Both are someone else's event: each is in the admin audit log with what it did.
    const audited = await api.db.query(
      'SELECT action, record_type, reason, after FROM admin_audit WHERE admin_id = $1 AND record_id = ANY($2::uuid[]) ORDER BY created_at',
      [admin.user.id, [paid.applicationId, paid.transactionId]],
    );
    expect(audited.rows).toEqual([
      {
        action: 'application.accepted',
        record_type: 'application',
        reason: null,
        after: { status: 'accepted', eventId: eventX, fanId: fan.user.id },
      },
      { action: 'payment.refunded', record_type: 'payment', reason: 'Late start', after: { refundId: expect.any(String), amount: 150 } },
    ]);
    await runPendingJobs(api);
    const refunded = await api.http().get(`/api/v1/payments/transactions/${paid.transactionId}`).set(bearer(fan.token)).expect(200);
    expect(refunded.body).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 150,
      refunds: [expect.objectContaining({ amount: 150, status: 'processed' })],
    });
    expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ status: 'captured', captureCount: 1, refundedAmount: 150 });
  });
});
