import { Messages } from './messages.js';

export type MobileCheck = { ok: true; national: string; e164: string } | { ok: false; error: string };

/**
 * Indian mobile numbers (SPEC §5): strip non-digits, drop a 91 prefix on 12 digits, then 10 digits
 * starting 6-9. Stored as +91XXXXXXXXXX.
 */
export function checkMobileNumber(input: string | null | undefined): MobileCheck {
  const raw = (input ?? '').trim();
  if (raw.length > 15) return { ok: false, error: Messages.mobile.tooLong };
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 0) return { ok: false, error: Messages.mobile.empty };
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length !== 10) return { ok: false, error: Messages.mobile.notTenDigits };
  if (!/^[6-9]/.test(digits)) return { ok: false, error: Messages.mobile.notIndian };
  return { ok: true, national: digits, e164: `+91${digits}` };
}

/** Masks a number for logs and for other people's eyes: +91******3210. */
export function maskMobileNumber(e164: string): string {
  return e164.replace(/^(\+91)\d{6}(\d{4})$/, '$1******$2');
}
