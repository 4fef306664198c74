import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { PaymentProviderError, type PaymentProvider } from '../../api/src/modules/payments/payment-provider.port.js';
import { SandboxPaymentProvider } from '../../api/src/modules/payments/sandbox/sandbox-payment-provider.js';
import { waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A stand-in for the product's webhook route: records what arrives and answers 200. */
async function startWebhookInbox(): Promise<{ server: Server; url: string; received: ReceivedWebhook[] }> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/payments/webhook`, received };
}

describe('payment sandbox', () => {
  let api: TestApi;
  let provider: PaymentProvider;
  let inbox: Awaited<ReturnType<typeof startWebhookInbox>>;

  beforeAll(async () => {
    inbox = await startWebhookInbox();
    api = await startTestApi({ SANDBOX_WEBHOOK_URL: inbox.url, SANDBOX_WEBHOOK_DUPLICATE_RATE: '0' });
    provider = api.app.get(SandboxPaymentProvider);
  });
  afterAll(async () => {
    await api.close();
    await new Promise((resolve) => inbox.server.close(resolve));
  });

  const pay = (orderId: string, outcome: string) => api.http().post(`/api/v1/sandbox/orders/${orderId}/pay`).send({ outcome });
  const sandboxPayment = async (paymentId: string) => (await api.http().get(`/api/v1/sandbox/payments/${paymentId}`).expect(200)).body;
  const newOrder = (amount = 1500) => provider.createOrder({ amount, receipt: 'a-transaction-id', notes: { purpose: 'test' } });

  /** The webhooks that arrived for this payment, read through the port as the product reads them. */
  const webhooksOf = (paymentId: string) =>
    inbox.received
      .map((hook) => ({ hook, event: provider.parseWebhook(hook.body, hook.headers as Record<string, string>) }))
      .filter(({ event }) => event?.paymentId === paymentId);

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the sandbox to refuse');
      },
      (error: unknown) => error,
    );

  it('takes an order through checkout, capture and refund, moving money once however often it is asked', async () => {
    const order = await newOrder(1500);
    expect(order).toEqual({ orderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/), amount: 1500 });

    const paid = await pay(order.orderId, 'success').expect(200);
    expect(paid.body).toEqual({
      razorpay_payment_id: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      razorpay_order_id: order.orderId,
      razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const paymentId: string = paid.body.razorpay_payment_id;
    const proof = { orderId: order.orderId, paymentId, signature: paid.body.razorpay_signature };
    expect(provider.verifyPaymentSignature(proof)).toBe(true);
    expect(provider.verifyPaymentSignature({ ...proof, orderId: (await newOrder()).orderId })).toBe(false);
    expect(await provider.paymentStatus(paymentId)).toBe('authorized');
    expect((await pay(order.orderId, 'success').expect(409)).body).toEqual({ error: 'This order is already paid.', code: 'conflict' });

    await Promise.all([provider.capture(paymentId, 1500), provider.capture(paymentId, 1500)]);
    await provider.capture(paymentId, 1500);
    expect(await sandboxPayment(paymentId)).toMatchObject({ status: 'captured', amount: 1500, capturedAmount: 1500, captureCount: 1 });
    const otherAmount = await refusal(provider.capture(paymentId, 1000));
    expect(otherAmount).toBeInstanceOf(PaymentProviderError);
    expect(otherAmount).toMatchObject({ retryable: false });
    expect(await refusal(provider.release(paymentId))).toMatchObject({ retryable: false });

    const [first, again] = await Promise.all([provider.refund(paymentId, 500, 'refund-1'), provider.refund(paymentId, 500, 'refund-1')]);
    expect(first).toEqual({ refundId: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/), amount: 500, status: 'processed' });
    expect(again).toEqual(first);
    expect(await sandboxPayment(paymentId)).toMatchObject({
      status: 'captured',
      refundedAmount: 500,
      refunds: [{ id: first.refundId, amount: 500 }],
    });

    expect(await refusal(provider.refund(paymentId, 1001, 'refund-2'))).toMatchObject({
      message: 'The refund would take the refunds of this payment past the captured amount.',
      retryable: false,
    });
    await provider.refund(paymentId, 1000, 'refund-3');
    expect(await provider.paymentStatus(paymentId)).toBe('refunded');
    expect(await refusal(provider.capture(paymentId, 1500))).toMatchObject({ retryable: false });
    expect(await provider.refund(paymentId, 500, 'refund-1')).toEqual(first);
    expect(await sandboxPayment(paymentId)).toMatchObject({ refundedAmount: 1500, captureCount: 1, released: false });
  });

  it('releases an authorisation that was never captured, once', async () => {
    const order = await newOrder(800);
    const paymentId: string = (await pay(order.orderId, 'success').expect(200)).body.razorpay_payment_id;
    await provider.release(paymentId);
    await provider.release(paymentId);
    expect(await sandboxPayment(paymentId)).toMatchObject({ status: 'refunded', released: true, capturedAmount: 0, captureCount: 0 });
    expect(await refusal(provider.capture(paymentId, 800))).toMatchObject({ retryable: false });
    expect(await refusal(provider.refund(paymentId, 800, 'refund-1'))).toMatchObject({
      message: 'Only a captured payment can be refunded.',
    });
  });

  it('declines a card with insufficient funds: 402, a failed payment, and the order can be paid again', async () => {
    const order = await newOrder(1200);
    const declined = await pay(order.orderId, 'insufficient_funds').expect(402);
    expect(declined.body).toEqual({
      error: 'Insufficient funds for this transaction.',
      code: 'insufficient_funds',
      razorpay_payment_id: expect.stringMatching(/^pay_/),
    });
    const failedId: string = declined.body.razorpay_payment_id;
    expect(await provider.paymentStatus(failedId)).toBe('failed');
    expect(await sandboxPayment(failedId)).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds', description: 'Insufficient funds for this transaction.' },
    });
    expect(await refusal(provider.capture(failedId, 1200))).toMatchObject({ retryable: false });

    const retried = await pay(order.orderId, 'success').expect(200);
    expect(retried.body.razorpay_payment_id).not.toBe(failedId);
  });

  it('answers unknown orders and payments with 404, and an unknown outcome with 400', async () => {
    expect((await pay('order_NoSuchOrder0000', 'success').expect(404)).body).toEqual({ error: 'Not found', code: 'not_found' });
    await api.http().get('/api/v1/sandbox/payments/pay_NoSuchPayment000').expect(404);
    const order = await newOrder();
    expect((await pay(order.orderId, 'stolen_card').expect(400)).body.code).toBe('validation');
    expect(await refusal(provider.paymentStatus('pay_NoSuchPayment000'))).toMatchObject({
      message: 'Transaction not found',
      retryable: false,
    });
  });

  it('sends each change as a signed Razorpay-shaped webhook, with a new event id each', async () => {
    const order = await newOrder(600);
    const paymentId: string = (await pay(order.orderId, 'success').expect(200)).body.razorpay_payment_id;
    await provider.capture(paymentId, 600);
    const refund = await provider.refund(paymentId, 200, 'refund-1');
    const declinedId: string = (await pay((await newOrder(300)).orderId, 'insufficient_funds').expect(402)).body.razorpay_payment_id;

    const arrived = await waitUntil(async () => webhooksOf(paymentId).length >= 3 && webhooksOf(paymentId), 'three webhooks');
    expect(arrived.map(({ event }) => event?.type).sort()).toEqual(['payment.authorized', 'payment.captured', 'refund.processed']);
    for (const { hook } of arrived) {
      expect(hook.headers['content-type']).toBe('application/json');
      expect(provider.verifyWebhookSignature(hook.body, hook.headers['x-razorpay-signature'] as string)).toBe(true);
      expect(hook.headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    }
    expect(new Set(arrived.map(({ event }) => event?.id)).size).toBe(3);
    expect(arrived.map(({ event }) => event)).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), type: 'payment.authorized', orderId: order.orderId, paymentId, amount: 600 },
        { id: expect.any(String), type: 'refund.processed', paymentId, refundId: refund.refundId, amount: 200, receipt: 'refund-1' },
      ]),
    );
    const raw = JSON.parse(arrived.find(({ event }) => event?.type === 'payment.captured')!.hook.body.toString('utf8'));
    expect(raw).toMatchObject({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId, order_id: order.orderId, amount: 60_000, status: 'captured', currency: 'INR' } } },
      created_at: expect.any(Number),
    });

    const [failed] = await waitUntil(async () => webhooksOf(declinedId).length > 0 && webhooksOf(declinedId), 'the payment.failed webhook');
    expect(failed!.event).toMatchObject({
      type: 'payment.failed',
      paymentId: declinedId,
      amount: 300,
      reason: 'Insufficient funds for this transaction.',
    });
  });

  describe('checkout stand-in', () => {
    it('serves checkout.js defining window.Razorpay, pointing at this API’s checkout page', async () => {
      const script = await api.http().get('/api/v1/sandbox/checkout.js').expect(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.text).toContain('window.Razorpay = Razorpay');
      expect(script.text).toContain(JSON.stringify(`${api.config.PUBLIC_API_URL}/api/v1/sandbox/checkout`));
      const { scriptUrl } = provider.checkoutFor(await newOrder(), { name: null, email: null, phone: null });
      expect(scriptUrl).toBe(`${api.config.PUBLIC_API_URL}/api/v1/sandbox/checkout.js`);
    });

    it('serves the checkout page with the amount, the buyer and three choices, framed only by the web app', async () => {
      const order = await newOrder(1500);
      const page = await api
        .http()
        .get('/api/v1/sandbox/checkout')
        .query({
          order_id: order.orderId,
          name: 'Asha Rao',
          email: 'asha@example.in',
          contact: '+919876543210',
          origin: 'http://localhost:3000',
        })
        .expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('<title>Tribe</title>');
      expect(page.text).toContain('Pay ₹1,500</button>');
      expect(page.text).toContain('Pay with a card that has insufficient funds</button>');
      expect(page.text).toContain('Close</button>');
      expect(page.text).toContain('asha@example.in');
      expect(page.text).toContain('--theme: #4F46E5');
      const policy = page.headers['content-security-policy'] as string;
      const nonce = /script-src 'nonce-([^']+)'/.exec(policy)?.[1];
      expect(page.text).toContain(`<script nonce="${nonce}">`);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'self' http://localhost:3000 http://127.0.0.1:3000");
    });

    it('escapes every value it shows', async () => {
      const order = await newOrder(100);
      const hostile = '<script>alert("x")</script>';
      const page = await api
        .http()
        .get('/api/v1/sandbox/checkout')
        .query({ order_id: order.orderId, name: hostile, email: '"><img src=x onerror=alert(1)>', color: 'red;}</style><script>' })
        .expect(200);
      expect(page.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(page.text).not.toContain(hostile);
      expect(page.text).not.toContain('<img');
      expect(page.text).not.toContain('red;}');
      expect(page.text.match(/<script/g)).toHaveLength(1);
    });

    it('says so when the order is unknown or already paid', async () => {
      const unknown = await api.http().get('/api/v1/sandbox/checkout').query({ order_id: 'order_<b>nope</b>' }).expect(404);
      expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(unknown.text).toContain('This order does not exist.');
      expect(unknown.text).not.toContain('<b>');
      const order = await newOrder();
      await pay(order.orderId, 'success').expect(200);
      const paid = await api.http().get('/api/v1/sandbox/checkout').query({ order_id: order.orderId }).expect(200);
      expect(paid.text).toContain('This order is already paid.');
      expect(paid.text).not.toContain('id="pay"');
    });
  });
});
