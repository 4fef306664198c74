import { hmacHex, paymentSignature, signatureMatches } from './sandbox-signatures.js';

describe('sandbox signatures', () => {
  // Computed independently: printf 'order_TEST00000000001|pay_TEST000000000001' | openssl dgst -sha256 -hmac 'sandbox-key-secret'
  const KNOWN = 'ffa7c31c146388e206b847776cad9bb14c480c3cae1d6d0063d58241a0670f41';

  it('signs order_id|payment_id with HMAC-SHA256 in lowercase hex, as Razorpay does', () => {
    expect(paymentSignature('sandbox-key-secret', 'order_TEST00000000001', 'pay_TEST000000000001')).toBe(KNOWN);
  });

  it('matches only the exact signature', () => {
    const signature = hmacHex('secret', 'body');
    expect(signatureMatches(signature, signature)).toBe(true);
    expect(signatureMatches(signature, signature.toUpperCase())).toBe(false);
    expect(signatureMatches(signature, signature.slice(0, -1))).toBe(false);
    expect(signatureMatches(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(signatureMatches(signature, '')).toBe(false);
    expect(signatureMatches(signature, undefined)).toBe(false);
    expect(signatureMatches(signature, 42)).toBe(false);
  });
});
