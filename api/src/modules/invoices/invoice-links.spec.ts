import { invoiceStorageKey, isValidInvoiceLink, signInvoiceLink } from './invoice-links.js';
import { isStorageKey } from '../../platform/providers/storage/storage-keys.js';

const secret = 'a-secret-of-sixteen-or-more';
const id = '5b0b3c4e-1111-4222-8333-444455556666';
const now = new Date('2026-05-05T10:00:00Z');

const parts = (path: string) => {
  const url = new URL(path, 'http://x');
  return { expires: url.searchParams.get('expires') ?? undefined, signature: url.searchParams.get('signature') ?? undefined };
};

describe('signed invoice links', () => {
  it('work until they expire', () => {
    const link = signInvoiceLink(secret, id, now, 300);
    expect(link.path).toMatch(new RegExp(`^/api/v1/invoices/${id}/file\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(link.expiresAt.toISOString()).toBe('2026-05-05T10:05:00.000Z');
    const { expires, signature } = parts(link.path);
    expect(isValidInvoiceLink(secret, id, expires, signature, now)).toBe(true);
    expect(isValidInvoiceLink(secret, id, expires, signature, new Date('2026-05-05T10:04:59Z'))).toBe(true);
    expect(isValidInvoiceLink(secret, id, expires, signature, new Date('2026-05-05T10:05:00Z'))).toBe(false);
  });

  it('are refused when the id, the expiry, the signature or the secret changes', () => {
    const { expires, signature } = parts(signInvoiceLink(secret, id, now, 300).path);
    const otherId = id.replace('6666', '6667');
    expect(isValidInvoiceLink(secret, otherId, expires, signature, now)).toBe(false);
    expect(isValidInvoiceLink(secret, id, String(Number(expires) + 3600), signature, now)).toBe(false);
    expect(
      isValidInvoiceLink(
        secret,
        id,
        expires,
        signature!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        now,
      ),
    ).toBe(false);
    expect(isValidInvoiceLink('another-secret-entirely', id, expires, signature, now)).toBe(false);
    expect(isValidInvoiceLink(secret, id, undefined, signature, now)).toBe(false);
    expect(isValidInvoiceLink(secret, id, expires, 'short', now)).toBe(false);
    expect(isValidInvoiceLink(secret, id, '-1', signature, now)).toBe(false);
  });
});

describe('invoiceStorageKey', () => {
  it('is the same for the same number, a valid storage key, and cannot be guessed from the number alone', () => {
    const key = invoiceStorageKey(secret, 'TRB/2627/000042');
    expect(key).toBe(invoiceStorageKey(secret, 'TRB/2627/000042'));
    expect(key).toMatch(/^invoice-trb-2627-000042-[0-9a-f]{20}\.pdf$/);
    expect(isStorageKey(key)).toBe(true);
    expect(invoiceStorageKey(secret, 'TRB/2627/000043')).not.toBe(key.replace('000042', '000043'));
    expect(invoiceStorageKey('another-secret-entirely', 'TRB/2627/000042')).not.toBe(key);
  });
});
