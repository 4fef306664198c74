import { parseConfig } from '../../../platform/config/config.schema.js';
import { SANDBOX_IN_PRODUCTION, SandboxPaymentProvider } from './sandbox-payment-provider.js';
import { hmacHex } from './sandbox-signatures.js';
import { type SandboxWebhookSender } from './sandbox-webhook-sender.js';
import { type SandboxStore } from './sandbox.store.js';

const config = parseConfig({ NODE_ENV: 'test', PUBLIC_API_URL: 'https://api.example.in' });
const provider = new SandboxPaymentProvider(config, {} as SandboxStore, {} as SandboxWebhookSender);

describe('SandboxPaymentProvider', () => {
  it('refuses to exist under NODE_ENV=production', () => {
    // The schema already refuses this combination; the provider holds the line on its own too.
    const production = { ...config, NODE_ENV: 'production' as const };
    expect(() => new SandboxPaymentProvider(production, {} as SandboxStore, {} as SandboxWebhookSender)).toThrow(SANDBOX_IN_PRODUCTION);
    expect(SANDBOX_IN_PRODUCTION).toMatch(/^the sandbox takes no real money/);
  });

  it('opens its own checkout with Razorpay’s options, amount in paise', () => {
    const checkout = provider.checkoutFor({ orderId: 'order_A', amount: 1500 }, { name: 'Asha', email: null, phone: '+919876543210' });
    expect(checkout).toEqual({
      scriptUrl: 'https://api.example.in/api/v1/sandbox/checkout.js',
      options: {
        key: 'rzp_test_sandbox',
        order_id: 'order_A',
        amount: 150_000,
        currency: 'INR',
        name: 'Tribe',
        description: expect.any(String),
        prefill: { name: 'Asha', contact: '+919876543210' },
        theme: { color: '#4F46E5' },
      },
    });
  });

  it('verifies the checkout’s signature against an independently computed vector', () => {
    // printf 'order_TEST00000000001|pay_TEST000000000001' | openssl dgst -sha256 -hmac 'sandbox-key-secret'
    const signature = 'ffa7c31c146388e206b847776cad9bb14c480c3cae1d6d0063d58241a0670f41';
    const proof = { orderId: 'order_TEST00000000001', paymentId: 'pay_TEST000000000001', signature };
    expect(provider.verifyPaymentSignature(proof)).toBe(true);
    expect(provider.verifyPaymentSignature({ ...proof, paymentId: 'pay_TEST000000000002' })).toBe(false);
    expect(provider.verifyPaymentSignature({ ...proof, signature: 'not-hex' })).toBe(false);
    expect(provider.verifyPaymentSignature({ ...proof, signature: undefined as unknown as string })).toBe(false);
  });

  it('verifies a webhook’s signature over the raw body with the webhook secret', () => {
    const body = Buffer.from('{"entity":"event"}');
    expect(provider.verifyWebhookSignature(body, hmacHex('sandbox-webhook-secret', body))).toBe(true);
    expect(provider.verifyWebhookSignature(body, hmacHex('sandbox-key-secret', body))).toBe(false);
    expect(provider.verifyWebhookSignature(Buffer.from('{"entity":"event" }'), hmacHex('sandbox-webhook-secret', body))).toBe(false);
  });

  describe('parseWebhook', () => {
    const payment = (fields: Record<string, unknown> = {}) => ({ id: 'pay_A', order_id: 'order_A', amount: 150_000, ...fields });
    const webhook = (event: string, payload: Record<string, unknown>) => Buffer.from(JSON.stringify({ entity: 'event', event, payload }));
    const headers = { 'x-razorpay-event-id': 'evt_A' };

    it('reads payment events in rupees, with the event id from its header', () => {
      expect(provider.parseWebhook(webhook('payment.authorized', { payment: { entity: payment() } }), headers)).toEqual({
        id: 'evt_A',
        type: 'payment.authorized',
        orderId: 'order_A',
        paymentId: 'pay_A',
        amount: 1500,
      });
      const failed = webhook('payment.failed', {
        payment: { entity: payment({ error_description: 'Insufficient funds for this transaction.' }) },
      });
      expect(provider.parseWebhook(failed, headers)).toMatchObject({
        type: 'payment.failed',
        reason: 'Insufficient funds for this transaction.',
      });
    });

    it('reads refund events, with the receipt the refund was asked with', () => {
      const refund = { id: 'rfnd_A', payment_id: 'pay_A', amount: 50_000, receipt: 'f3b0c2de-1d64-4c51-8a43-0c7d2f5e9a10' };
      expect(
        provider.parseWebhook(webhook('refund.processed', { refund: { entity: refund }, payment: { entity: payment() } }), headers),
      ).toEqual({
        id: 'evt_A',
        type: 'refund.processed',
        paymentId: 'pay_A',
        refundId: 'rfnd_A',
        amount: 500,
        receipt: 'f3b0c2de-1d64-4c51-8a43-0c7d2f5e9a10',
      });
    });

    it('leaves alone what it does not act on or cannot read', () => {
      expect(provider.parseWebhook(webhook('order.paid', { order: { entity: { id: 'order_A' } } }), headers)).toBeUndefined();
      expect(
        provider.parseWebhook(webhook('payment.captured', { payment: { entity: payment({ amount: '150000' }) } }), headers),
      ).toBeUndefined();
      expect(provider.parseWebhook(webhook('payment.captured', { payment: { entity: payment() } }), {})).toBeUndefined();
      expect(provider.parseWebhook(Buffer.from('not json'), headers)).toBeUndefined();
      expect(provider.parseWebhook(Buffer.from('null'), headers)).toBeUndefined();
    });
  });
});
