import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A government id is shown only through a short-lived signed link:
 * `/api/v1/admin/users/{id}/government-id/file?expires={unix seconds}&signature={hex}`, the signature
 * an HMAC-SHA256 over the person, the stored id's address and the expiry. The link is the credential
 * (an <img> sends no bearer token), so it lasts minutes, and a replaced id or a changed person,
 * expiry or signature opens nothing.
 */
export const GOVERNMENT_ID_LINK_TTL_SECONDS = 300;

export interface GovernmentIdLink {
  path: string;
  expiresAt: Date;
}

const sign = (secret: string, userId: string, idUrl: string, expires: number): Buffer =>
  createHmac('sha256', secret).update(`government-id\n${userId}\n${idUrl}\n${expires}`).digest();

export function signGovernmentIdLink(secret: string, userId: string, idUrl: string, now: Date): GovernmentIdLink {
  const expires = Math.floor(now.getTime() / 1000) + GOVERNMENT_ID_LINK_TTL_SECONDS;
  const query = new URLSearchParams({ expires: String(expires), signature: sign(secret, userId, idUrl, expires).toString('hex') });
  return { path: `/api/v1/admin/users/${userId}/government-id/file?${query.toString()}`, expiresAt: new Date(expires * 1000) };
}

/** Whether the link is ours, for this person's current id, and not expired (compared in constant time). */
export function opensGovernmentId(
  secret: string,
  userId: string,
  idUrl: string,
  link: { expires?: string; signature?: string },
  now: Date,
): boolean {
  const { expires, signature } = link;
  if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (!timingSafeEqual(sign(secret, userId, idUrl, Number(expires)), Buffer.from(signature, 'hex'))) return false;
  return Number(expires) * 1000 > now.getTime();
}
