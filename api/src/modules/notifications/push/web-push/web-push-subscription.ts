import { ECDH } from 'node:crypto';
import { type PushSubscription } from 'web-push';
import { type PushTarget } from '../push-sender.port.js';

/** RFC 8291: the browser's P-256 key, uncompressed, and its authentication secret of 16 bytes. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

export type SubscriptionCheck = { ok: true; subscription: PushSubscription } | { ok: false; reason: string };

/**
 * A registered browser as web-push takes it, or why no push can ever reach it (its endpoint is not
 * an https address, or its keys cannot encrypt): such a device is as good as gone.
 */
export function subscriptionOf(target: PushTarget): SubscriptionCheck {
  if (!URL.canParse(target.token) || new URL(target.token).protocol !== 'https:') {
    return { ok: false, reason: 'the Web Push endpoint is not an https address' };
  }
  const p256dh = Buffer.from(target.p256dh ?? '', 'base64url');
  const auth = Buffer.from(target.auth ?? '', 'base64url');
  if (p256dh.length !== P256DH_BYTES || !isCurvePoint(p256dh)) {
    return { ok: false, reason: `the subscription's p256dh key is not a P-256 public key of ${P256DH_BYTES} bytes` };
  }
  if (auth.length < AUTH_BYTES) return { ok: false, reason: `the subscription's auth secret is shorter than ${AUTH_BYTES} bytes` };
  return { ok: true, subscription: { endpoint: target.token, keys: { p256dh: target.p256dh!, auth: target.auth! } } };
}

function isCurvePoint(key: Buffer): boolean {
  try {
    ECDH.convertKey(key, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
