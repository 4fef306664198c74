import { randomUUID } from 'node:crypto';
import { OrdersExpireHandler } from '../../api/src/modules/payments/jobs/orders-expire.job.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  applyAndPay,
  applyFree,
  attendeesCount,
  createEvent,
  decide,
  joinCounts,
  openOrder,
  outboxFor,
  payOrder,
  preAuthorize,
  QUIET_SANDBOX,
  sandboxPayment,
  transactionRow,
  verify,
} from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

describe('joining and paying: the rules, each refusal with its message and changing nothing', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
  });

  /** The request is refused with exactly this answer, and no transaction, application, outbox event or refund appears. */
  async function expectRefusal(request: () => PromiseLike<{ status: number; body: unknown }>, status: number, body: unknown) {
    const before = await joinCounts(api);
    const response = await request();
    expect({ status: response.status, body: response.body }).toEqual({ status, body });
    expect(await joinCounts(api)).toEqual(before);
  }

  const refund = (who: SignedUp, transactionId: string, amount: number) =>
    api.http().post('/api/v1/payments/refund').set(bearer(who.token)).send({ transactionId, amount });

  const transactionView = async (fan: SignedUp, id: string) =>
    (await api.http().get(`/api/v1/payments/transactions/${id}`).set(bearer(fan.token)).expect(200)).body;

  describe('pre-authorization: the request itself', () => {
    let eventId: string;
    let fan: SignedUp;

    beforeAll(async () => {
      eventId = (await createEvent(api, host)).id;
      fan = await signUp(api);
    });

    const valid = () => ({ tempBidId: randomUUID(), eventId, amount: 500 });

    it.each<[string, (body: Record<string, unknown>) => Record<string, unknown>, string]>([
      ['no tempBidId', ({ tempBidId: _, ...rest }) => rest, 'tempBidId: is required'],
      ['no eventId', ({ eventId: _, ...rest }) => rest, 'eventId: is required'],
      ['no amount', ({ amount: _, ...rest }) => rest, 'amount: is required'],
      ['a tempBidId with a space', (body) => ({ ...body, tempBidId: 'two words' }), 'tempBidId: must be letters, digits, - or _'],
      ['an eventId that is not an id', (body) => ({ ...body, eventId: 'event-1' }), 'eventId: must be a valid id'],
      ['an amount that is not a number', (body) => ({ ...body, amount: 'five hundred' }), 'amount: must be a number'],
      ['an amount of ₹0', (body) => ({ ...body, amount: 0 }), 'amount: must be at least ₹1'],
      ['a negative amount', (body) => ({ ...body, amount: -500 }), 'amount: must be at least ₹1'],
      ['an amount in paise', (body) => ({ ...body, amount: 500.5 }), 'amount: must be whole rupees'],
      ['a message too long', (body) => ({ ...body, message: 'x'.repeat(501) }), 'message: must be at most 500 characters'],
    ])('refuses %s (400, naming the field)', async (_, change, message) => {
      await expectRefusal(() => preAuthorize(api, fan, change(valid())), 400, { error: message, code: 'validation' });
    });

    it('answers an event that does not exist with 404', async () => {
      await expectRefusal(() => preAuthorize(api, fan, { ...valid(), eventId: randomUUID() }), 404, {
        error: 'Event not found.',
        code: 'event_not_found',
      });
    });
  });

  describe('pre-authorization: who may join which event', () => {
    it('refuses the host joining their own event', async () => {
      const event = await createEvent(api, host);
      await expectRefusal(() => preAuthorize(api, host, { tempBidId: randomUUID(), eventId: event.id, amount: 500 }), 403, {
        error: 'You cannot apply to your own event.',
        code: 'own_event',
      });
    });

    it('refuses a cancelled event', async () => {
      const event = await createEvent(api, host);
      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
      await runPendingJobs(api);
      const fan = await signUp(api);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 500 }), 409, {
        error: 'This event is no longer taking applications.',
        code: 'event_not_open',
      });
    });

    it('refuses an event that has started', async () => {
      const event = await createEvent(api, host);
      await api.db.query(`UPDATE event SET date = now() - interval '1 hour' WHERE id = $1`, [event.id]);
      const fan = await signUp(api);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 500 }), 409, {
        error: 'This event is no longer taking applications.',
        code: 'event_not_open',
      });
    });

    it('refuses a full event', async () => {
      const event = await createEvent(api, host, { capacity: 1 });
      const first = await applyAndPay(api, await signUp(api), event.id);
      await decide(api, host, first.applicationId, 'accept').expect(200);
      const fan = await signUp(api);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 500 }), 409, {
        error: 'This event is full.',
        code: 'event_full',
      });
    });

    it('refuses a fan who already has a live application to the event', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      await applyAndPay(api, fan, event.id);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 500 }), 409, {
        error: 'You have already applied to this event.',
        code: 'already_applied',
      });
    });
  });

  describe('pre-authorization: the price', () => {
    it('takes exactly the price of a standard event', async () => {
      const event = await createEvent(api, host, { min_bid: 500 });
      const fan = await signUp(api);
      for (const amount of [499, 501, 5000]) {
        await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount }), 400, {
          error: 'The amount does not match the price of this event.',
          code: 'payment_wrong_amount',
        });
      }
      const { transactionId } = await openOrder(api, fan, event.id, 500);
      expect(await transactionRow(api, transactionId)).toMatchObject({ state: 'created' });
    });

    it('takes a bid of at least min_bid when bidding is on', async () => {
      const event = await createEvent(api, host, { min_bid: 300, enable_bidding: true });
      const fan = await signUp(api);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 299 }), 400, {
        error: 'Your bid must be at least the minimum bid of this event.',
        code: 'bid_too_low',
      });
      const order = await preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 750 }).expect(201);
      expect(order.body).toMatchObject({ amount: 750, status: 'pending', state: 'created' });
      expect(order.body.checkout.options).toMatchObject({ order_id: order.body.orderId, amount: 75_000, currency: 'INR' });
    });

    it('charges a gender-priced event by the fan’s gender, and refuses a fan with no gender', async () => {
      const event = await createEvent(api, host, { pricing_type: 'gender_based', male_price: 800, female_price: 400, min_bid: null });
      const female = await signUp(api, { gender: 'female' });
      const male = await signUp(api, { gender: 'male' });
      const unknown = await signUp(api);
      const wrongAmount = { error: 'The amount does not match the price of this event.', code: 'payment_wrong_amount' };

      await expectRefusal(() => preAuthorize(api, female, { tempBidId: randomUUID(), eventId: event.id, amount: 800 }), 400, wrongAmount);
      await expectRefusal(() => preAuthorize(api, male, { tempBidId: randomUUID(), eventId: event.id, amount: 400 }), 400, wrongAmount);
      for (const amount of [400, 800]) {
        await expectRefusal(() => preAuthorize(api, unknown, { tempBidId: randomUUID(), eventId: event.id, amount }), 400, {
          error: 'This event is priced by gender. Set your gender in your profile to join it.',
          code: 'gender_needed',
        });
      }
      expect((await preAuthorize(api, female, { tempBidId: randomUUID(), eventId: event.id, amount: 400 }).expect(201)).body.amount).toBe(
        400,
      );
      expect((await preAuthorize(api, male, { tempBidId: randomUUID(), eventId: event.id, amount: 800 }).expect(201)).body.amount).toBe(
        800,
      );
    });

    it('holds the gender a gender-priced booking was paid at: no switching back while the booking is open', async () => {
      const event = await createEvent(api, host, { pricing_type: 'gender_based', male_price: 1000, female_price: 300, min_bid: null });
      const fan = await signUp(api, { gender: 'male' });
      const setGender = (gender: string) => api.http().put('/api/v1/users/me').set(bearer(fan.token)).send({ gender });
      const genderNow = async () => (await api.db.query('SELECT gender FROM users WHERE id = $1', [fan.user.id])).rows[0].gender;
      const locked = {
        error:
          'Your gender cannot be changed while you have an open booking or payment for an event priced by gender. You can change it once that event is over, or ask support.',
        code: 'gender_locked_by_booking',
      };

      // Nothing open yet: the profile may change, and the price follows it.
      await setGender('female').expect(200);
      const { orderId } = await openOrder(api, fan, event.id, 300);
      // An order opened at the female price holds the gender, unpaid as it is…
      expect((await setGender('male').expect(409)).body).toEqual(locked);
      // …and so does the pending application once it is paid.
      await verify(api, fan, await payOrder(api, orderId)).expect(200);
      await runPendingJobs(api);
      expect((await setGender('male').expect(409)).body).toEqual(locked);
      expect(await genderNow()).toBe('female');
      // Other fields still save, and sending the same gender is no change.
      await api.http().put('/api/v1/users/me').set(bearer(fan.token)).send({ gender: 'female', bio: 'Trekker' }).expect(200);

      // Once the event is over, the booking no longer depends on it.
      await api.db.query(`UPDATE event SET date = now() - interval '1 day', end_date = NULL WHERE id = $1`, [event.id]);
      await setGender('male').expect(200);
      expect(await genderNow()).toBe('male');
    });
  });

  describe('free events', () => {
    it('refuses a payment for a free event and takes a free application instead, once', async () => {
      const event = await createEvent(api, host, { min_bid: null });
      const fan = await signUp(api);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 100 }), 409, {
        error: 'This event is free: apply without a payment.',
        code: 'nothing_to_pay',
      });

      const applied = await api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(fan.token)).send({ message: 'Free for me' });
      expect(applied.status).toBe(201);
      expect(applied.body).toMatchObject({ eventId: event.id, fanId: fan.user.id, status: 'pending', bidAmount: 0, transactionId: null });
      const { rows } = await api.db.query(`SELECT type FROM notification WHERE user_id = $1 AND application_id = $2`, [
        host.user.id,
        applied.body.id,
      ]);
      expect(rows).toEqual([{ type: 'new_application' }]);

      await expectRefusal(() => api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(fan.token)).send({}), 409, {
        error: 'You have already applied to this event.',
        code: 'already_applied',
      });
    });

    it('refuses money offered for a free event, saying it is free', async () => {
      const event = await createEvent(api, host, { min_bid: null });
      const fan = await signUp(api);
      await expectRefusal(() => api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(fan.token)).send({ amount: 300 }), 409, {
        error: 'This event is free: apply without a payment.',
        code: 'nothing_to_pay',
      });
    });

    it('answers 404 for an event not yet published, as for no event', async () => {
      const event = await createEvent(api, host, { min_bid: null });
      await api.db.query(`UPDATE event SET moderation_status = 'pending_review' WHERE id = $1`, [event.id]);
      const fan = await signUp(api);
      await expectRefusal(() => api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(fan.token)).send({}), 404, {
        error: 'Event not found.',
        code: 'event_not_found',
      });
    });

    it('refuses a free application to a priced event', async () => {
      const event = await createEvent(api, host, { min_bid: 500 });
      const fan = await signUp(api);
      await expectRefusal(() => api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(fan.token)).send({}), 409, {
        error: 'This event has a price: join it with a payment.',
        code: 'payment_needed',
      });
    });
  });

  describe('one unpaid order per fan and event', () => {
    const openOrders = async (fanId: string, eventId: string) =>
      (
        await api.db.query<{ state: string; amount: number }>(
          `SELECT state, amount FROM payment_transaction WHERE payer_id = $1 AND event_id = $2 ORDER BY created_at`,
          [fanId, eventId],
        )
      ).rows;

    it('answers fifty attempts at once, each with its own tempBidId, with one order at the provider', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const ordersBefore = await countRows(api.db, 'sandbox.orders');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => preAuthorize(api, fan, { tempBidId: randomUUID(), eventId: event.id, amount: 500 })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 201));
      expect(new Set(answers.map((answer) => answer.body.orderId)).size).toBe(1);
      expect(await countRows(api.db, 'sandbox.orders')).toBe(ordersBefore + 1);
      expect(await openOrders(fan.user.id, event.id)).toEqual([{ state: 'created', amount: 500 }]);
    });

    it('replaces the unpaid order when the fan bids another amount; the old one expires and a late payment of it is released', async () => {
      const event = await createEvent(api, host, { enable_bidding: true, min_bid: 500 });
      const fan = await signUp(api);
      const first = await openOrder(api, fan, event.id, 500);
      const second = await openOrder(api, fan, event.id, 700);
      expect(second.orderId).not.toBe(first.orderId);
      expect(await openOrders(fan.user.id, event.id)).toEqual([
        { state: 'expired', amount: 500 },
        { state: 'created', amount: 700 },
      ]);
      // The new order is paid: one application at ₹700.
      await verify(api, fan, await payOrder(api, second.orderId)).expect(200);
      // The old checkout, left open, is paid too: it authorises, finds the fan applied, and is released.
      await verify(api, fan, await payOrder(api, first.orderId)).expect(200);
      await runPendingJobs(api);
      const { rows } = await api.db.query('SELECT bid_amount, status FROM application WHERE event_id = $1 AND fan_id = $2', [
        event.id,
        fan.user.id,
      ]);
      expect(rows).toEqual([{ bid_amount: 700, status: 'pending' }]);
      expect(await transactionRow(api, first.transactionId)).toMatchObject({ state: 'released' });
    });

    it('expires an order left unpaid past ORDER_EXPIRY_MINUTES, once, and lists no transaction for it', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const stale = await openOrder(api, fan, event.id, 500);
      const otherEvent = await createEvent(api, host);
      const fresh = await openOrder(api, fan, otherEvent.id, 500);
      await api.db.query(`UPDATE payment_transaction SET created_at = now() - interval '61 minutes' WHERE id = $1`, [stale.transactionId]);
      const sweep = api.app.get(OrdersExpireHandler);
      await Promise.all([sweep.handle(), sweep.handle()]);
      expect(await transactionRow(api, stale.transactionId)).toMatchObject({
        state: 'expired',
        failure_reason: 'The order was not paid in time.',
      });
      expect(await transactionRow(api, fresh.transactionId)).toMatchObject({ state: 'created' });
      const listed = await api.http().get('/api/v1/payments/transactions').set(bearer(fan.token)).expect(200);
      expect(listed.body).toEqual([]);
      // A new attempt for the event opens a new order.
      const again = await openOrder(api, fan, event.id, 500);
      expect(again.transactionId).not.toBe(stale.transactionId);
    });
  });

  describe('the same checkout attempt again', () => {
    it('answers the same tempBidId with the same order, keeping one transaction and one provider order', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const tempBidId = randomUUID();
      const ordersBefore = await countRows(api.db, 'sandbox.orders');
      const first = await preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 500 }).expect(201);
      const second = await preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 500 }).expect(201);
      expect(second.body).toMatchObject({ id: first.body.id, orderId: first.body.orderId });
      const { rows } = await api.db.query('SELECT id FROM payment_transaction WHERE payer_id = $1 AND temp_bid_id = $2', [
        fan.user.id,
        tempBidId,
      ]);
      expect(rows).toEqual([{ id: first.body.id }]);
      expect(await countRows(api.db, 'sandbox.orders')).toBe(ordersBefore + 1);
    });

    it('still answers a retried attempt with its order once its application exists', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const tempBidId = randomUUID();
      const first = await preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 500 }).expect(201);
      await verify(api, fan, await payOrder(api, first.body.orderId)).expect(200);
      await runPendingJobs(api);
      const again = await preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 500 }).expect(201);
      expect(again.body).toMatchObject({ id: first.body.id, orderId: first.body.orderId, state: 'authorized' });
    });

    it('refuses the same tempBidId with another amount (409), changing nothing', async () => {
      const event = await createEvent(api, host, { min_bid: 300, enable_bidding: true });
      const fan = await signUp(api);
      const tempBidId = randomUUID();
      await preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 300 }).expect(201);
      await expectRefusal(() => preAuthorize(api, fan, { tempBidId, eventId: event.id, amount: 400 }), 409, {
        error: 'This payment attempt was started for another event or amount. Please retry joining.',
        code: 'payment_wrong_amount',
      });
    });
  });

  describe('verify', () => {
    it.each(['orderId', 'paymentId', 'signature'])('requires %s (400), changing nothing', async (field) => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const { transactionId, orderId } = await openOrder(api, fan, event.id);
      const proof: Record<string, string> = { ...(await payOrder(api, orderId)) };
      delete proof[field];
      await expectRefusal(() => verify(api, fan, proof), 400, { error: `${field}: is required`, code: 'validation' });
      await expectRefusal(() => verify(api, fan, { ...proof, [field]: '  ' }), 400, { error: `${field}: is required`, code: 'validation' });
      expect(await transactionRow(api, transactionId)).toMatchObject({ state: 'created', payment_id: null });
    });

    it('refuses a forged signature, leaving the transaction as it was', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const { transactionId, orderId } = await openOrder(api, fan, event.id);
      const proof = await payOrder(api, orderId);
      const failed = { error: 'Payment verification failed. Please contact support.', code: 'payment_verification_failed' };
      const forged = (proof.signature.startsWith('0') ? '1' : '0') + proof.signature.slice(1);
      await expectRefusal(() => verify(api, fan, { ...proof, signature: forged }), 400, failed);
      await expectRefusal(() => verify(api, fan, { ...proof, signature: 'not-a-signature' }), 400, failed);
      await expectRefusal(() => verify(api, fan, { ...proof, paymentId: 'pay_SomeoneElses01' }), 400, failed);
      expect(await transactionRow(api, transactionId)).toMatchObject({ state: 'created', payment_id: null });
      expect(await outboxFor(api, 'payment.authorized', transactionId)).toBe(0);
    });

    it('is harmless twice: one authorisation, one payment.authorized event', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const { transactionId, orderId } = await openOrder(api, fan, event.id);
      const proof = await payOrder(api, orderId);
      const first = await verify(api, fan, proof).expect(200);
      const second = await verify(api, fan, proof).expect(200);
      expect(first.body).toMatchObject({ id: transactionId, state: 'authorized', paymentId: proof.paymentId });
      expect(second.body).toMatchObject({ id: transactionId, state: 'authorized', paymentId: proof.paymentId });
      expect(await outboxFor(api, 'payment.authorized', transactionId)).toBe(1);
      await runPendingJobs(api);
      const { rows } = await api.db.query('SELECT status FROM application WHERE transaction_id = $1', [transactionId]);
      expect(rows).toEqual([{ status: 'pending' }]);
    });
  });

  describe('refunds', () => {
    async function captured(amount = 500) {
      const event = await createEvent(api, host, { min_bid: amount });
      const fan = await signUp(api);
      const paid = await applyAndPay(api, fan, event.id, amount);
      await decide(api, host, paid.applicationId, 'accept').expect(200);
      await runPendingJobs(api);
      return { ...paid, fan };
    }

    it('adds partial refunds up to the captured amount and no further', async () => {
      const paid = await captured(500);
      const tooLarge = { error: 'The refund would take the refunds of this payment past the captured amount.', code: 'refund_too_large' };

      await refund(host, paid.transactionId, 200).expect(200);
      // Reserved at once; returned, and so shown as refunded, once the provider has processed it.
      expect(await transactionView(paid.fan, paid.transactionId)).toMatchObject({
        status: 'captured',
        refundedAmount: 200,
        refunds: [{ amount: 200, status: 'pending' }],
      });
      await runPendingJobs(api);
      expect(await transactionView(paid.fan, paid.transactionId)).toMatchObject({ status: 'partially_refunded', refundedAmount: 200 });

      await expectRefusal(() => refund(host, paid.transactionId, 301), 409, tooLarge);
      await refund(host, paid.transactionId, 300).expect(200);
      await expectRefusal(() => refund(host, paid.transactionId, 1), 409, tooLarge);
      await runPendingJobs(api);

      const view = await transactionView(paid.fan, paid.transactionId);
      expect(view).toMatchObject({ status: 'refunded', capturedAmount: 500, refundedAmount: 500 });
      expect(view.refunds.map((one: { amount: number; status: string }) => [one.amount, one.status])).toEqual([
        [200, 'processed'],
        [300, 'processed'],
      ]);
      expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ status: 'refunded', refundedAmount: 500 });

      // Nothing is left to refund: the same answer as before the refunds were processed.
      await expectRefusal(() => refund(host, paid.transactionId, 1), 409, tooLarge);
    });

    it('records one refund for a request key asked again, even at the same moment; another amount under it is a 409', async () => {
      const paid = await captured(500);
      const requestKey = randomUUID();
      const keyed = (amount: number, key = requestKey) =>
        api
          .http()
          .post('/api/v1/payments/refund')
          .set(bearer(host.token))
          .send({ transactionId: paid.transactionId, amount, requestKey: key });

      const answers = await Promise.all([keyed(200), keyed(200), keyed(200)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body.refundId)).size).toBe(1);
      await expectRefusal(() => keyed(300), 409, {
        error: 'This refund was already asked for, with another amount.',
        code: 'refund_key_used',
      });
      expect((await transactionRow(api, paid.transactionId)).refunded_amount).toBe(200);

      // Another key is another refund.
      await keyed(100, randomUUID()).expect(200);
      await runPendingJobs(api);
      const view = await transactionView(paid.fan, paid.transactionId);
      expect(view.refunds.map((one: { amount: number }) => one.amount).sort()).toEqual([100, 200]);
      expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ refundedAmount: 300 });
    });

    it('answers a full refund asked again under its key with that refund, after it was processed', async () => {
      const paid = await captured(500);
      const send = () =>
        api
          .http()
          .post('/api/v1/payments/refund')
          .set(bearer(host.token))
          .send({ transactionId: paid.transactionId, amount: 500, requestKey: paid.transactionId });
      const first = await send().expect(200);
      await runPendingJobs(api);
      expect((await transactionRow(api, paid.transactionId)).state).toBe('refunded');
      expect((await send().expect(200)).body.refundId).toBe(first.body.refundId);
    });

    it('refuses refunding a payment that was only authorised (409), changing nothing', async () => {
      const event = await createEvent(api, host);
      const paid = await applyAndPay(api, await signUp(api), event.id);
      await expectRefusal(() => refund(host, paid.transactionId, 100), 409, {
        error: 'Only a captured payment can be refunded.',
        code: 'payment_not_captured',
      });
      expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'authorized', refunded_amount: 0 });
    });
  });

  describe('the host’s decision', () => {
    it('accepts twice with the same answer, capturing once', async () => {
      const event = await createEvent(api, host);
      const fan = await signUp(api);
      const paid = await applyAndPay(api, fan, event.id);
      const first = await decide(api, host, paid.applicationId, 'accept').expect(200);
      const second = await decide(api, host, paid.applicationId, 'accept').expect(200);
      expect(first.body).toMatchObject({ id: paid.applicationId, status: 'accepted' });
      expect(second.body).toMatchObject({ id: paid.applicationId, status: 'accepted' });
      expect(await outboxFor(api, 'payment.capture_requested', paid.transactionId)).toBe(1);
      expect(await attendeesCount(api, event.id)).toBe(1);
      const { rows } = await api.db.query('SELECT type FROM notification WHERE user_id = $1 AND application_id = $2', [
        fan.user.id,
        paid.applicationId,
      ]);
      expect(rows).toEqual([{ type: 'application_accepted' }]);
      await runPendingJobs(api);
      expect(await sandboxPayment(api, paid.paymentId)).toMatchObject({ status: 'captured', captureCount: 1 });
    });

    it('refuses rejecting an accepted application (409, saying why), leaving it accepted and captured', async () => {
      const event = await createEvent(api, host);
      const paid = await applyAndPay(api, await signUp(api), event.id);
      await decide(api, host, paid.applicationId, 'accept').expect(200);
      await runPendingJobs(api);
      await expectRefusal(() => decide(api, host, paid.applicationId, 'reject'), 409, {
        error: 'This application is already accepted and can no longer be changed.',
        code: 'illegal_application_transition',
      });
      const { rows } = await api.db.query('SELECT status FROM application WHERE id = $1', [paid.applicationId]);
      expect(rows).toEqual([{ status: 'accepted' }]);
      expect(await transactionRow(api, paid.transactionId)).toMatchObject({ state: 'captured', captured_amount: 500 });
      expect(await outboxFor(api, 'payment.release_requested', paid.transactionId)).toBe(0);
      expect(await attendeesCount(api, event.id)).toBe(1);
    });
  });

  describe('a fan’s events', () => {
    it('lists an accepted fan’s event among their past events once it has happened, and not a rejected fan’s', async () => {
      const event = await createEvent(api, host, { title: 'Last summer' });
      const accepted = await signUp(api);
      const rejected = await signUp(api);
      const viewer = await signUp(api);
      const yes = await applyAndPay(api, accepted, event.id);
      const no = await applyAndPay(api, rejected, event.id);
      await decide(api, host, yes.applicationId, 'accept').expect(200);
      await decide(api, host, no.applicationId, 'reject').expect(200);
      await runPendingJobs(api);

      const pastOf = async (fan: SignedUp) =>
        (await api.http().get(`/api/v1/events/past-attended/${fan.user.id}`).set(bearer(viewer.token)).expect(200)).body.data.map(
          (found: { id: string }) => found.id,
        );
      expect(await pastOf(accepted)).toEqual([]);

      await api.db.query(`UPDATE event SET date = now() - interval '2 days' WHERE id = $1`, [event.id]);
      expect(await pastOf(accepted)).toEqual([event.id]);
      expect(await pastOf(rejected)).toEqual([]);
    });

    it('shows each event the fan applied to with the amount and the application’s status', async () => {
      const fan = await signUp(api);
      const bidding = await createEvent(api, host, { title: 'Auction', min_bid: 300, enable_bidding: true });
      const standard = await createEvent(api, host, { title: 'Standard' });
      const free = await createEvent(api, host, { title: 'Free', min_bid: null });
      await applyAndPay(api, fan, bidding.id, 650);
      const turnedDown = await applyAndPay(api, fan, standard.id, 500);
      await decide(api, host, turnedDown.applicationId, 'reject').expect(200);
      await decide(api, host, await applyFree(api, fan, free.id), 'accept').expect(200);

      const mine = await api.http().get('/api/v1/users/me/events').set(bearer(fan.token)).expect(200);
      const byId = new Map(mine.body.data.map((found: { id: string }) => [found.id, found]));
      expect(mine.body.data).toHaveLength(3);
      expect(byId.get(bidding.id)).toMatchObject({ title: 'Auction', bid_amount: 650, bid_status: 'pending' });
      expect(byId.get(standard.id)).toMatchObject({ title: 'Standard', bid_amount: 500, bid_status: 'rejected' });
      expect(byId.get(free.id)).toMatchObject({ title: 'Free', bid_amount: 0, bid_status: 'accepted' });
      // The joining details are for accepted fans only.
      expect(byId.get(free.id)).toMatchObject({ meeting_link: 'https://meet.example.in/j' });
      expect(byId.get(bidding.id)).not.toHaveProperty('meeting_link');
      expect(byId.get(standard.id)).not.toHaveProperty('meeting_link');
    });
  });
});
