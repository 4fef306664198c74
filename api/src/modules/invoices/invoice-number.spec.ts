import {
  financialYearCode,
  financialYearLabel,
  financialYearOf,
  formatInvoiceNumber,
  InvoiceNumberOverflowError,
  isValidInvoiceNumber,
} from './invoice-number.js';

describe('financialYearOf (April to March, India time)', () => {
  it('starts the year at 1 April 00:00 IST, which is 31 March 18:30 UTC', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59.999Z'))).toBe(2025);
    expect(financialYearOf(new Date('2026-03-31T18:30:00.000Z'))).toBe(2026);
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2026-03-31T23:59:59+05:30'))).toBe(2025);
  });

  it('keeps January to March in the year that began the April before', () => {
    expect(financialYearOf(new Date('2027-01-01T00:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2027-03-15T12:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2026-12-31T23:59:59+05:30'))).toBe(2026);
  });

  it('reads the calendar in India, not in UTC: 31 Dec 20:00 UTC is already 1 January in India', () => {
    expect(financialYearOf(new Date('2026-12-31T20:00:00Z'))).toBe(2026);
    expect(financialYearOf(new Date('2027-03-31T19:00:00Z'))).toBe(2027);
  });
});

describe('financial year names', () => {
  it('codes 2026-27 as 2627 and labels it 2026-27', () => {
    expect(financialYearCode(2026)).toBe('2627');
    expect(financialYearLabel(2026)).toBe('2026-27');
  });

  it('turns the century', () => {
    expect(financialYearCode(2099)).toBe('9900');
    expect(financialYearLabel(2099)).toBe('2099-00');
  });
});

describe('formatInvoiceNumber', () => {
  it('numbers invoices TRB/2627/000042 and credit notes in their own series, TRBC/2627/000007', () => {
    expect(formatInvoiceNumber('TRB', 'invoice', 2026, 42)).toBe('TRB/2627/000042');
    expect(formatInvoiceNumber('TRB', 'credit_note', 2026, 7)).toBe('TRBC/2627/000007');
  });

  it('never passes 16 characters of letters, digits, - and /', () => {
    for (const prefix of ['T', 'TR', 'TRB', 'TRBE']) {
      for (const kind of ['invoice', 'credit_note'] as const) {
        for (const sequence of [1, 42, 99_999]) {
          const number = formatInvoiceNumber(prefix, kind, 2026, sequence);
          expect(number.length).toBeLessThanOrEqual(16);
          expect(isValidInvoiceNumber(number)).toBe(true);
        }
      }
    }
    expect(formatInvoiceNumber('TRBE', 'credit_note', 2026, 7)).toBe('TRBEC/2627/00007');
    expect(formatInvoiceNumber('TRB', 'invoice', 2026, 1_234_567)).toBe('TRB/2627/1234567');
  });

  it('refuses a sequence that no longer fits rather than issue a number the rules refuse', () => {
    expect(() => formatInvoiceNumber('TRBE', 'invoice', 2026, 1_000_000)).toThrow(InvoiceNumberOverflowError);
    expect(() => formatInvoiceNumber('TRB', 'invoice', 2026, 0)).toThrow(InvoiceNumberOverflowError);
  });

  it('sorts in issue order within a year', () => {
    const numbers = [1, 2, 10, 100, 999].map((sequence) => formatInvoiceNumber('TRB', 'invoice', 2026, sequence));
    expect([...numbers].sort()).toEqual(numbers);
  });
});
