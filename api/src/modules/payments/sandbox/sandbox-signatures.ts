import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 in lowercase hex, as Razorpay signs checkout answers and webhooks. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** The checkout's signature of a payment: HMAC of `order_id|payment_id` with the key secret. */
export const paymentSignature = (keySecret: string, orderId: string, paymentId: string): string =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Compares in constant time; anything that is not a hex SHA-256 (wrong type, length or case) is simply false. */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
