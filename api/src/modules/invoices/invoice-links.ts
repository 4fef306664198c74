import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed invoice links: `/invoices/{id}/file?expires={unix seconds}&signature={hex}`, where the
 * signature is HMAC-SHA256 over the id and the expiry with INVOICE_URL_SECRET. Anyone holding the link
 * may download the PDF until it expires; changing the id or the expiry breaks the signature.
 */

const signature = (secret: string, invoiceId: string, expires: number): string =>
  createHmac('sha256', secret).update(`invoice-link\n${invoiceId}\n${expires}`).digest('hex');

export interface SignedLink {
  /** Path and query under the API base: `/api/v1/invoices/{id}/file?expires=…&signature=…`. */
  path: string;
  expiresAt: Date;
}

export function signInvoiceLink(secret: string, invoiceId: string, now: Date, ttlSeconds: number): SignedLink {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const query = new URLSearchParams({ expires: String(expires), signature: signature(secret, invoiceId, expires) });
  return { path: `/api/v1/invoices/${invoiceId}/file?${query.toString()}`, expiresAt: new Date(expires * 1000) };
}

/** Whether the link's signature is ours and it has not expired (compared in constant time). */
export function isValidInvoiceLink(
  secret: string,
  invoiceId: string,
  expires: string | undefined,
  given: string | undefined,
  now: Date,
): boolean {
  if (!expires || !/^\d{1,12}$/.test(expires) || !given || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(signature(secret, invoiceId, Number(expires)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return false;
  return Number(expires) * 1000 > now.getTime();
}

/**
 * Where an invoice's PDF is stored: named after its number, so a retry after a crash between storing
 * and committing writes the same object again (and the number it gives back is reused with it), with
 * a keyed hash beside the number, so no one can guess the key of someone else's invoice on a store
 * that serves files by key.
 */
export function invoiceStorageKey(secret: string, invoiceNo: string): string {
  const slug = invoiceNo.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const tag = createHmac('sha256', secret).update(`invoice-file\n${invoiceNo}`).digest('hex').slice(0, 20);
  return `invoice-${slug}-${tag}.pdf`;
}
