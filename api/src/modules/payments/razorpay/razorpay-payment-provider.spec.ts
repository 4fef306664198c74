import { createHmac } from 'node:crypto';
import nock from 'nock';
import { Messages } from '../../../contracts/messages.js';
import { PaymentProviderError } from '../payment-provider.port.js';
import { RazorpayPaymentProvider, type RazorpaySettings } from './razorpay-payment-provider.js';

const API = 'https://api.razorpay.com';
const SETTINGS: RazorpaySettings = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'key-secret-for-tests',
  webhookSecret: 'webhook-secret-for-tests',
  timeoutMs: 2_000,
  displayName: 'Tribe',
  themeColor: '#4F46E5',
};
const PAYMENT_ID = 'pay_29QQoUBi66xm2f';
const REFUND_KEY = '7f3c1e52-9b8d-4c1a-a0f2-3d5e7a9b1c20';

function provider(overrides: Partial<RazorpaySettings> = {}): RazorpayPaymentProvider {
  return new RazorpayPaymentProvider({ ...SETTINGS, ...overrides });
}

/** A payment entity as Razorpay's docs show it (https://razorpay.com/docs/api/payments/). */
function payment(fields: { amount: number; status: string; captured: boolean }) {
  return {
    id: PAYMENT_ID,
    entity: 'payment',
    currency: 'INR',
    order_id: 'order_GjCr5oKh4AVC51',
    invoice_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    description: 'Payment for Adidas shoes',
    card_id: 'card_KOdY30ajbuyOYN',
    bank: null,
    wallet: null,
    vpa: null,
    email: 'gaurav.kumar@example.com',
    contact: '9000090000',
    notes: [],
    fee: null,
    tax: null,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    created_at: 1605871409,
    ...fields,
  };
}

/** A refund entity as Razorpay's docs show it (https://razorpay.com/docs/api/refunds/). */
function refund(fields: { id: string; amount: number; receipt: string | null; status?: string }) {
  return {
    entity: 'refund',
    currency: 'INR',
    payment_id: PAYMENT_ID,
    notes: [],
    acquirer_data: { arn: null },
    created_at: 1597078866,
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
    ...fields,
  };
}

function badRequest(description: string, reason: string | null = null) {
  return { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason, metadata: {} } };
}

async function failureOf(call: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof PaymentProviderError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function basicAuth(keyId: string, keySecret: string): string {
  return `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  nock.abortPendingRequests();
  nock.cleanAll();
});
// nock patches node's http for the whole Jest worker: give it back for the test files that run after this one.
afterAll(() => {
  nock.enableNetConnect();
  nock.restore();
});

describe('RazorpayPaymentProvider', () => {
  describe('createOrder', () => {
    it('asks for a manually captured order in paise with our key, and answers in rupees', async () => {
      let sent: unknown;
      nock(API, { reqheaders: { authorization: basicAuth(SETTINGS.keyId, SETTINGS.keySecret) } })
        .post('/v1/orders', (body) => {
          sent = body;
          return true;
        })
        .reply(200, {
          id: 'order_EKwxwAgItmmXdp',
          entity: 'order',
          amount: 123400,
          amount_paid: 0,
          amount_due: 123400,
          currency: 'INR',
          receipt: 'txn_0190a5c1',
          offer_id: null,
          status: 'created',
          attempts: 0,
          notes: [],
          created_at: 1582628071,
        });

      const order = await provider().createOrder({ amount: 1234, receipt: 'txn_0190a5c1', notes: { eventId: 'evt_42' } });

      expect(order).toEqual({ orderId: 'order_EKwxwAgItmmXdp', amount: 1234 });
      expect(sent).toEqual({ amount: 123400, currency: 'INR', receipt: 'txn_0190a5c1', notes: { eventId: 'evt_42' }, payment_capture: 0 });
    });

    it.each([[12.5], [0], [-100]])('refuses ₹%s before asking Razorpay', async (amount) => {
      const failure = await failureOf(provider().createOrder({ amount, receipt: 'txn_1', notes: {} }));
      expect(failure).toMatchObject({ message: Messages.payments.orderFailed, kind: 'invalid', retryable: false });
    });

    it('refuses a receipt longer than Razorpay keeps (40 characters)', async () => {
      const failure = await failureOf(provider().createOrder({ amount: 100, receipt: 'r'.repeat(41), notes: {} }));
      expect(failure).toMatchObject({ message: Messages.payments.orderFailed, kind: 'invalid', retryable: false });
    });

    it("tells a failed creation with the order message, retryable after a 5xx, keeping Razorpay's description", async () => {
      nock(API)
        .post('/v1/orders')
        .reply(500, {
          error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins.' },
        });

      const failure = await failureOf(provider().createOrder({ amount: 100, receipt: 'txn_1', notes: {} }));

      expect(failure).toMatchObject({
        message: Messages.payments.orderFailed,
        kind: 'server',
        retryable: true,
        detail: 'The server encountered an error. The incident has been reported to admins.',
      });
    });
  });

  describe('checkoutFor', () => {
    it('gives the checkout script and options: our key, the order, paise, our name and colour, the buyer', () => {
      const checkout = provider().checkoutFor(
        { orderId: 'order_EKwxwAgItmmXdp', amount: 1234 },
        { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', phone: '98765 43210' },
      );

      expect(checkout).toEqual({
        scriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
        options: {
          key: SETTINGS.keyId,
          order_id: 'order_EKwxwAgItmmXdp',
          amount: 123400,
          currency: 'INR',
          name: 'Tribe',
          description: expect.any(String),
          prefill: { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', contact: '+919876543210' },
          theme: { color: '#4F46E5' },
        },
      });
    });

    it('leaves out what the buyer has not told us, and a number that is not an Indian mobile', () => {
      const unknownBuyer = provider().checkoutFor({ orderId: 'order_1', amount: 1 }, { name: null, email: null, phone: null });
      const oddNumber = provider().checkoutFor({ orderId: 'order_1', amount: 1 }, { name: 'A', email: null, phone: '12345' });

      expect(unknownBuyer.options.prefill).toEqual({});
      expect(oddNumber.options.prefill).toEqual({ name: 'A' });
    });
  });

  describe('verifyPaymentSignature', () => {
    const orderId = 'order_DaaS6LOUAASb7Y';
    const paymentId = 'pay_DaaSOvhgcOfzgR';
    const signature = createHmac('sha256', SETTINGS.keySecret).update(`${orderId}|${paymentId}`).digest('hex');

    it('accepts the HMAC-SHA256 of order_id|payment_id under the key secret', () => {
      expect(provider().verifyPaymentSignature({ orderId, paymentId, signature })).toBe(true);
    });

    it('refuses a tampered signature, one for another payment, and one made with another secret', () => {
      const tampered = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
      const otherSecret = createHmac('sha256', 'another-secret').update(`${orderId}|${paymentId}`).digest('hex');

      expect(provider().verifyPaymentSignature({ orderId, paymentId, signature: tampered })).toBe(false);
      expect(provider().verifyPaymentSignature({ orderId, paymentId: 'pay_OtherPayment01', signature })).toBe(false);
      expect(provider().verifyPaymentSignature({ orderId, paymentId, signature: otherSecret })).toBe(false);
    });

    it.each([
      ['no order id', { orderId: '', paymentId, signature }],
      ['no payment id', { orderId, paymentId: '', signature }],
      ['no signature', { orderId, paymentId, signature: '' }],
      ['a signature that is not hex', { orderId, paymentId, signature: 'z'.repeat(64) }],
      ['a shortened signature', { orderId, paymentId, signature: signature.slice(0, 32) }],
      ['a signature that is not a string', { orderId, paymentId, signature: null as unknown as string }],
    ])('says false, without throwing, for %s', (_case, proof) => {
      expect(provider().verifyPaymentSignature(proof)).toBe(false);
    });
  });

  describe('verifyWebhookSignature', () => {
    const rawBody = Buffer.from('{"entity":"event","event":"payment.captured","payload":{}}');
    const signature = createHmac('sha256', SETTINGS.webhookSecret).update(rawBody).digest('hex');

    it('accepts the HMAC-SHA256 of the raw body under the webhook secret', () => {
      expect(provider().verifyWebhookSignature(rawBody, signature)).toBe(true);
    });

    it('refuses the same JSON re-serialised, a signature under the key secret, and malformed signatures', () => {
      const reserialised = Buffer.from(JSON.stringify(JSON.parse(rawBody.toString()), null, 2));
      const underKeySecret = createHmac('sha256', SETTINGS.keySecret).update(rawBody).digest('hex');

      expect(provider().verifyWebhookSignature(reserialised, signature)).toBe(false);
      expect(provider().verifyWebhookSignature(rawBody, underKeySecret)).toBe(false);
      expect(provider().verifyWebhookSignature(rawBody, '')).toBe(false);
      expect(provider().verifyWebhookSignature(rawBody, 'not-a-signature')).toBe(false);
      expect(provider().verifyWebhookSignature(undefined as unknown as Buffer, signature)).toBe(false);
    });
  });

  describe('parseWebhook', () => {
    // Sample payloads from https://razorpay.com/docs/webhooks/payments and /docs/webhooks/refunds.
    const paymentAuthorized = {
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payment.authorized',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_DESlfW9H8K9uqM',
            entity: 'payment',
            amount: 100,
            currency: 'INR',
            status: 'authorized',
            order_id: 'order_DESlLckIVRkHWj',
            invoice_id: null,
            international: false,
            method: 'netbanking',
            amount_refunded: 0,
            refund_status: null,
            captured: false,
            description: null,
            card_id: null,
            bank: 'HDFC',
            wallet: null,
            vpa: null,
            email: 'gaurav.kumar@example.com',
            contact: '+919876543210',
            notes: [],
            fee: null,
            tax: null,
            error_code: null,
            error_description: null,
            error_source: null,
            error_step: null,
            error_reason: null,
            acquirer_data: { bank_transaction_id: '0125836177' },
            created_at: 1567674599,
          },
        },
      },
      created_at: 1567674606,
    };
    const paymentFailed = {
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payment.failed',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_DEAU825sJlCbGa',
            entity: 'payment',
            amount: 50000,
            currency: 'INR',
            status: 'failed',
            order_id: 'order_DEATVTRRctwEGb',
            invoice_id: null,
            international: false,
            method: 'netbanking',
            amount_refunded: 0,
            refund_status: null,
            captured: false,
            description: null,
            card_id: null,
            bank: 'HDFC',
            wallet: null,
            vpa: null,
            email: 'gaurav.kumar@example.com',
            contact: '+919876543210',
            notes: [],
            fee: null,
            tax: null,
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Payment failed',
            error_source: 'bank',
            error_step: 'payment_authorization',
            error_reason: 'payment_failed',
            acquirer_data: { bank_transaction_id: null },
            created_at: 1567610214,
          },
        },
      },
      created_at: 1567610215,
    };
    const refundProcessed = {
      entity: 'event',
      account_id: 'acc_E7OQJcEANmBHTC',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: {
            id: 'rfnd_FS8TWyPrCsa0OB',
            entity: 'refund',
            amount: 50000,
            currency: 'INR',
            payment_id: 'pay_FPoJKWQQ8lK13n',
            notes: { comment: 'Customer Notes for Webhooks.' },
            receipt: null,
            acquirer_data: { arn: '10000000000000' },
            created_at: 1597734071,
            batch_id: null,
            status: 'processed',
            speed_processed: 'normal',
            speed_requested: 'optimum',
          },
        },
        payment: {
          entity: {
            id: 'pay_FPoJKWQQ8lK13n',
            entity: 'payment',
            amount: 500000,
            currency: 'INR',
            status: 'captured',
            order_id: 'order_FPoIeimWki9j8A',
            captured: true,
            amount_refunded: 50000,
            refund_status: 'partial',
          },
        },
      },
      created_at: 1597734073,
    };
    const bodyOf = (event: object) => Buffer.from(JSON.stringify(event));

    it('reads payment.authorized with its event id, in rupees', () => {
      const event = provider().parseWebhook(bodyOf(paymentAuthorized), { 'x-razorpay-event-id': 'KDQRQGJBqfPqe8' });

      expect(event).toEqual({
        id: 'KDQRQGJBqfPqe8',
        type: 'payment.authorized',
        orderId: 'order_DESlLckIVRkHWj',
        paymentId: 'pay_DESlfW9H8K9uqM',
        amount: 1,
      });
    });

    it('reads payment.failed with its reason', () => {
      const event = provider().parseWebhook(bodyOf(paymentFailed), { 'x-razorpay-event-id': 'KDQRQGJBqfPqe9' });

      expect(event).toEqual({
        id: 'KDQRQGJBqfPqe9',
        type: 'payment.failed',
        orderId: 'order_DEATVTRRctwEGb',
        paymentId: 'pay_DEAU825sJlCbGa',
        amount: 500,
        reason: 'Payment failed',
      });
    });

    it('falls back to the error reason when a failed payment has no description', () => {
      const failed = structuredClone(paymentFailed);
      failed.payload.payment.entity.error_description = '';

      const event = provider().parseWebhook(bodyOf(failed), { 'x-razorpay-event-id': 'KDQRQGJBqfPqf0' });

      expect(event).toMatchObject({ type: 'payment.failed', reason: 'payment_failed' });
    });

    it('reads refund.processed from the refund entity, in rupees, with its receipt (null for a refund we did not ask for)', () => {
      const event = provider().parseWebhook(bodyOf(refundProcessed), { 'x-razorpay-event-id': 'KDQRQGJBqfPqf1' });

      expect(event).toEqual({
        id: 'KDQRQGJBqfPqf1',
        type: 'refund.processed',
        paymentId: 'pay_FPoJKWQQ8lK13n',
        refundId: 'rfnd_FS8TWyPrCsa0OB',
        amount: 500,
        receipt: null,
      });
      const ours = structuredClone(refundProcessed);
      ours.payload.refund.entity.receipt = REFUND_KEY as never;
      expect(provider().parseWebhook(bodyOf(ours), { 'x-razorpay-event-id': 'KDQRQGJBqfPqf2' })).toMatchObject({ receipt: REFUND_KEY });
    });

    it('without the event id header, names the event by its body: the same on redelivery, another for another body', () => {
      const first = provider().parseWebhook(bodyOf(paymentAuthorized), {});
      const redelivered = provider().parseWebhook(bodyOf(paymentAuthorized), {});
      const other = provider().parseWebhook(bodyOf(paymentFailed), {});

      expect(first?.id).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(redelivered?.id).toBe(first?.id);
      expect(other?.id).not.toBe(first?.id);
    });

    it('ignores events it does not act on, and bodies it cannot read', () => {
      const orderPaid = { ...paymentAuthorized, event: 'order.paid' };

      expect(provider().parseWebhook(bodyOf(orderPaid), { 'x-razorpay-event-id': 'e1' })).toBeUndefined();
      expect(provider().parseWebhook(Buffer.from('not json'), { 'x-razorpay-event-id': 'e2' })).toBeUndefined();
      expect(
        provider().parseWebhook(bodyOf({ event: 'payment.authorized', payload: {} }), { 'x-razorpay-event-id': 'e3' }),
      ).toBeUndefined();
    });
  });

  describe('capture', () => {
    it('captures the amount in paise, in INR', async () => {
      let sent: unknown;
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/capture`, (body) => {
          sent = body;
          return true;
        })
        .reply(200, payment({ amount: 123400, status: 'captured', captured: true }));

      await provider().capture(PAYMENT_ID, 1234);

      expect(sent).toEqual({ amount: 123400, currency: 'INR' });
    });

    it('succeeds, capturing once, when Razorpay says the payment was already captured for this amount', async () => {
      let captures = 0;
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/capture`)
        .times(2)
        .reply(() => {
          captures += 1;
          return [400, badRequest('This payment has already been captured')];
        })
        .get(`/v1/payments/${PAYMENT_ID}`)
        .reply(200, payment({ amount: 123400, status: 'captured', captured: true }));

      await expect(provider().capture(PAYMENT_ID, 1234)).resolves.toBeUndefined();
      expect(captures).toBe(1);
    });

    it('fails when the payment was captured for another amount', async () => {
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/capture`)
        .reply(400, badRequest('This payment has already been captured'))
        .get(`/v1/payments/${PAYMENT_ID}`)
        .reply(200, payment({ amount: 50000, status: 'captured', captured: true }));

      const failure = await failureOf(provider().capture(PAYMENT_ID, 1234));

      expect(failure).toMatchObject({ kind: 'invalid', retryable: false, detail: 'This payment has already been captured' });
    });

    it("passes on any other refusal, not retryable, with Razorpay's description", async () => {
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/capture`)
        .reply(400, badRequest('Capture amount must be equal to the amount authorized'))
        .get(`/v1/payments/${PAYMENT_ID}`)
        .reply(200, payment({ amount: 100000, status: 'authorized', captured: false }));

      const failure = await failureOf(provider().capture(PAYMENT_ID, 1234));

      expect(failure).toMatchObject({
        message: Messages.payments.processingFailed,
        kind: 'invalid',
        retryable: false,
        detail: 'Capture amount must be equal to the amount authorized',
      });
    });

    it('refuses an empty payment id as invalid, not as a network failure worth retrying', async () => {
      const failure = await failureOf(provider().capture('', 1234));

      expect(failure).toMatchObject({ kind: 'invalid', retryable: false });
    });

    it('tells a connection failure as a retryable network error', async () => {
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/capture`)
        .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));

      const failure = await failureOf(provider().capture(PAYMENT_ID, 1234));

      expect(failure).toMatchObject({ message: Messages.payments.network, kind: 'network', retryable: true });
    });

    it('gives up on Razorpay after timeoutMs, as a retryable network error', async () => {
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/capture`)
        .delay(5_000)
        .reply(200, payment({ amount: 123400, status: 'captured', captured: true }));
      const startedAt = Date.now();

      const failure = await failureOf(provider({ timeoutMs: 200 }).capture(PAYMENT_ID, 1234));

      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(failure).toMatchObject({ message: Messages.payments.network, kind: 'network', retryable: true });
    });

    it('tells a 5xx as a retryable server error', async () => {
      nock(API).post(`/v1/payments/${PAYMENT_ID}/capture`).reply(502, '<html>Bad Gateway</html>');

      const failure = await failureOf(provider().capture(PAYMENT_ID, 1234));

      expect(failure).toMatchObject({ message: Messages.payments.processingFailed, kind: 'server', retryable: true });
    });
  });

  describe('release', () => {
    /** Any capture or refund of the payment; release must never make one. */
    const moneyMoving = () =>
      nock(API)
        .post(new RegExp(`^/v1/payments/${PAYMENT_ID}/`))
        .reply(200, {});

    it.each([
      ['authorized', false],
      ['failed', false],
      ['refunded', false],
      ['created', false],
    ])('leaves an %s payment alone: no capture, no refund', async (status, captured) => {
      const moneyMoves = moneyMoving();
      const fetched = nock(API)
        .get(`/v1/payments/${PAYMENT_ID}`)
        .reply(200, payment({ amount: 123400, status, captured }));

      await expect(provider().release(PAYMENT_ID)).resolves.toBeUndefined();
      expect(fetched.isDone()).toBe(true);
      expect(moneyMoves.isDone()).toBe(false);
    });

    it('refuses to release a captured payment: it must be refunded', async () => {
      const moneyMoves = moneyMoving();
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}`)
        .reply(200, payment({ amount: 123400, status: 'captured', captured: true }));

      const failure = await failureOf(provider().release(PAYMENT_ID));

      expect(failure).toMatchObject({ kind: 'invalid', retryable: false });
      expect(failure.detail).toMatch(/refund/);
      expect(moneyMoves.isDone()).toBe(false);
    });
  });

  describe('refund', () => {
    const noRefundsYet = () =>
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}/refunds`)
        .query({ count: '100', skip: '0' })
        .reply(200, { entity: 'collection', count: 0, items: [] });

    it('asks for a normal refund in paise, its receipt and idempotency header the key, and answers in rupees', async () => {
      let sent: unknown;
      noRefundsYet();
      nock(API, { reqheaders: { 'x-refund-idempotency': REFUND_KEY } })
        .post(`/v1/payments/${PAYMENT_ID}/refund`, (body) => {
          sent = body;
          return true;
        })
        .reply(200, refund({ id: 'rfnd_FP8QHiV938haTz', amount: 123400, receipt: REFUND_KEY }));

      const result = await provider().refund(PAYMENT_ID, 1234, REFUND_KEY);

      expect(result).toEqual({ refundId: 'rfnd_FP8QHiV938haTz', amount: 1234, status: 'processed' });
      expect(sent).toEqual({ amount: 123400, speed: 'normal', receipt: REFUND_KEY, notes: { idempotency_key: REFUND_KEY } });
    });

    it('refunds once for the same key asked twice, answering the same refund both times', async () => {
      const created = refund({ id: 'rfnd_FP8QHiV938haTz', amount: 123400, receipt: REFUND_KEY, status: 'pending' });
      let refundsCreated = 0;
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}/refunds`)
        .query(true)
        .reply(() => [200, { entity: 'collection', count: refundsCreated, items: refundsCreated > 0 ? [created] : [] }])
        .persist()
        .post(`/v1/payments/${PAYMENT_ID}/refund`)
        .times(2)
        .reply(() => {
          refundsCreated += 1;
          return [200, created];
        });
      const adapter = provider();

      const first = await adapter.refund(PAYMENT_ID, 1234, REFUND_KEY);
      const second = await adapter.refund(PAYMENT_ID, 1234, REFUND_KEY);

      expect(refundsCreated).toBe(1);
      expect(second).toEqual(first);
      expect(first).toEqual({ refundId: 'rfnd_FP8QHiV938haTz', amount: 1234, status: 'pending' });
    });

    it("finds an earlier refund under the key on a later page of the payment's refunds", async () => {
      const others = Array.from({ length: 100 }, (_, index) => refund({ id: `rfnd_Other${index}`, amount: 100, receipt: null }));
      const moneyMoves = nock(API).post(`/v1/payments/${PAYMENT_ID}/refund`).reply(200, {});
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}/refunds`)
        .query({ count: '100', skip: '0' })
        .reply(200, { entity: 'collection', count: 100, items: others })
        .get(`/v1/payments/${PAYMENT_ID}/refunds`)
        .query({ count: '100', skip: '100' })
        .reply(200, { entity: 'collection', count: 1, items: [refund({ id: 'rfnd_Ours', amount: 123400, receipt: REFUND_KEY })] });

      const result = await provider().refund(PAYMENT_ID, 1234, REFUND_KEY);

      expect(result.refundId).toBe('rfnd_Ours');
      expect(moneyMoves.isDone()).toBe(false);
    });

    it('turns a key Razorpay would refuse into a fixed receipt and header it accepts', async () => {
      const headers: string[] = [];
      const receipts: unknown[] = [];
      nock(API).get(`/v1/payments/${PAYMENT_ID}/refunds`).query(true).times(2).reply(200, { entity: 'collection', count: 0, items: [] });
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/refund`)
        .times(2)
        .reply(async (request) => {
          const { receipt } = (await request.json()) as { receipt: string };
          headers.push(String(request.headers.get('x-refund-idempotency')));
          receipts.push(receipt);
          return [200, refund({ id: 'rfnd_FP8QHiV938haTz', amount: 123400, receipt })];
        });

      await provider().refund(PAYMENT_ID, 1234, 'txn:42/refund#1');
      await provider().refund(PAYMENT_ID, 1234, 'txn:42/refund#1');

      expect(headers[0]).toMatch(/^[A-Za-z0-9_-]{10,40}$/);
      expect(headers).toEqual([headers[0], headers[0]]);
      expect(receipts).toEqual(headers);
    });

    it('refuses a key reused for another amount', async () => {
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}/refunds`)
        .query(true)
        .reply(200, { entity: 'collection', count: 1, items: [refund({ id: 'rfnd_Ours', amount: 50000, receipt: REFUND_KEY })] });

      const failure = await failureOf(provider().refund(PAYMENT_ID, 1234, REFUND_KEY));

      expect(failure).toMatchObject({ kind: 'invalid', retryable: false });
    });

    it("tells insufficient funds with the spec's message, not retryable", async () => {
      noRefundsYet();
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/refund`)
        .reply(400, badRequest('Your payment could not be completed due to insufficient account balance.', 'insufficient_funds'));

      const failure = await failureOf(provider().refund(PAYMENT_ID, 1234, REFUND_KEY));

      expect(failure).toMatchObject({
        message: Messages.payments.insufficientFunds,
        kind: 'insufficient_funds',
        retryable: false,
        detail: 'Your payment could not be completed due to insufficient account balance.',
      });
    });

    it('tells a refund still being processed under the key (409) as retryable', async () => {
      noRefundsYet();
      nock(API)
        .post(`/v1/payments/${PAYMENT_ID}/refund`)
        .reply(409, { error: { code: 'BAD_REQUEST_ERROR', description: 'Request with the same idempotency key is being processed.' } });

      const failure = await failureOf(provider().refund(PAYMENT_ID, 1234, REFUND_KEY));

      expect(failure).toMatchObject({ kind: 'server', retryable: true });
    });

    it.each([[401], [403]])(
      'tells our keys refused (%s) as retryable: a refund asked again after a lost answer is not failed while the keys are fixed',
      async (statusCode) => {
        nock(API)
          .get(`/v1/payments/${PAYMENT_ID}/refunds`)
          .query({ count: '100', skip: '0' })
          .reply(statusCode, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });

        const failure = await failureOf(provider().refund(PAYMENT_ID, 1234, REFUND_KEY));

        expect(failure).toMatchObject({ kind: 'server', retryable: true, detail: 'Authentication failed' });
      },
    );
  });

  describe('refundStatus', () => {
    it.each(['pending', 'processed', 'failed'])('fetches the refund by its id and reads %s as such, in rupees', async (status) => {
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}/refunds/rfnd_FP8QHiV938haTz`)
        .reply(200, refund({ id: 'rfnd_FP8QHiV938haTz', amount: 50000, receipt: REFUND_KEY, status }));

      await expect(provider().refundStatus(PAYMENT_ID, 'rfnd_FP8QHiV938haTz')).resolves.toEqual({
        refundId: 'rfnd_FP8QHiV938haTz',
        amount: 500,
        status,
      });
    });

    it('refuses an empty refund id as invalid, asking Razorpay nothing', async () => {
      expect(await failureOf(provider().refundStatus(PAYMENT_ID, ''))).toMatchObject({ kind: 'invalid', retryable: false });
    });
  });

  describe('paymentStatus', () => {
    it.each([
      ['created', false],
      ['authorized', false],
      ['captured', true],
      ['refunded', true],
      ['failed', false],
    ])('reads a payment Razorpay calls %s as such', async (status, captured) => {
      nock(API)
        .get(`/v1/payments/${PAYMENT_ID}`)
        .reply(200, payment({ amount: 123400, status, captured }));

      await expect(provider().paymentStatus(PAYMENT_ID)).resolves.toBe(status);
    });

    it('tells a network failure with the network message', async () => {
      nock(API).get(`/v1/payments/${PAYMENT_ID}`).replyWithError('getaddrinfo ENOTFOUND api.razorpay.com');

      const failure = await failureOf(provider().paymentStatus(PAYMENT_ID));

      expect(failure).toMatchObject({ message: Messages.payments.network, kind: 'network', retryable: true });
    });
  });
});
