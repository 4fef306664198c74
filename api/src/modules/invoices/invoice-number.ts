import { type InvoiceKind } from '../../contracts/invoices.contract.js';

/**
 * Invoice numbers (CGST Rules, rule 46(b)): a series per financial year, at most 16 characters of
 * letters, digits, `-` and `/`, consecutive without gaps. `TRB/2627/000042` is the 42nd invoice of
 * the financial year 2026-27; credit notes have their own series, `TRBC/2627/000007`.
 */

/** India has one time zone and no daylight saving: UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export const INVOICE_NUMBER_MAX_LENGTH = 16;
const INVOICE_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;
const SEQUENCE_DIGITS = 6;

/**
 * The financial year a moment falls in, as the calendar year it starts in: April to March, in
 * India's time. 2026-04-01T00:00 IST (2026-03-31T18:30Z) starts 2026; a second before is still 2025.
 */
export function financialYearOf(moment: Date): number {
  const india = new Date(moment.getTime() + IST_OFFSET_MS);
  const year = india.getUTCFullYear();
  return india.getUTCMonth() >= 3 ? year : year - 1;
}

/** `2026` → `"2627"`, as the number carries it. */
export function financialYearCode(startYear: number): string {
  const two = (year: number) => String(year % 100).padStart(2, '0');
  return `${two(startYear)}${two(startYear + 1)}`;
}

/** `2026` → `"2026-27"`, as people write it. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The letters of a kind's series: INVOICE_PREFIX for invoices, the prefix and C for credit notes. */
export function seriesOf(prefix: string, kind: InvoiceKind): string {
  return kind === 'invoice' ? prefix : `${prefix}C`;
}

export class InvoiceNumberOverflowError extends Error {}

/**
 * The number of the `sequence`th document of a kind in a financial year. The sequence is padded to
 * six digits, or five when the series has five letters (a four-letter prefix's credit notes), so a
 * number never passes 16 characters; a year that outgrows its digits fails loudly rather than
 * issuing a number the rules refuse.
 */
export function formatInvoiceNumber(prefix: string, kind: InvoiceKind, financialYear: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new InvoiceNumberOverflowError(`Invalid invoice sequence ${sequence}`);
  const series = seriesOf(prefix, kind);
  const head = `${series}/${financialYearCode(financialYear)}/`;
  const digits = Math.min(SEQUENCE_DIGITS, INVOICE_NUMBER_MAX_LENGTH - head.length);
  const number = `${head}${String(sequence).padStart(digits, '0')}`;
  if (number.length > INVOICE_NUMBER_MAX_LENGTH || !INVOICE_NUMBER.test(number)) {
    throw new InvoiceNumberOverflowError(`Invoice number ${number} would pass ${INVOICE_NUMBER_MAX_LENGTH} characters`);
  }
  return number;
}

/** What the rules allow an invoice number to be. */
export const isValidInvoiceNumber = (value: string): boolean => INVOICE_NUMBER.test(value);
