import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Whether `signature` is the hex HMAC-SHA256 of `data` under `secret`, compared in constant time.
 * Anything that is not 64 hex digits is simply not the signature: no exception reaches the caller.
 */
export function isHmacSha256Hex(data: string | Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(data).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
