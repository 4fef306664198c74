import {
  bookingInvoiceTarget,
  DEFAULT_INVOICE_FILE_NAME,
  documentsByTransaction,
  fileNameFromDisposition,
  invoiceDownloadHref,
  invoiceFailure,
  invoiceFailureToast,
  invoicesByApplication,
  isInvoiceable,
} from './invoices';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import type { InvoiceView } from '../../../api/src/contracts/invoices.contract.js';
import { Messages } from '../../../api/src/contracts/messages.js';

function document(overrides: Partial<InvoiceView>): InvoiceView {
  return {
    id: 'doc-1',
    invoice_no: 'TRB/2627/000001',
    kind: 'invoice',
    download_url: 'https://api.example/invoices/doc-1/file',
    download_url_expires_at: '2026-05-01T10:05:00Z',
    file_name: 'Tribe-invoice-TRB-2627-000001.pdf',
    amount: 1500,
    tax: { taxable_value: 1271, cgst: 115, sgst: 114, igst: 0, rate_percent: 18 },
    platform_fee: 150,
    transaction_id: 'tx-1',
    refund_id: null,
    application_id: 'app-1',
    event_id: 'event-1',
    event_title: 'Sunset kayaking',
    event_date: '2026-05-10T13:30:00Z',
    payer_id: 'fan-1',
    host_id: 'host-1',
    recipient_name: 'Ishaan',
    recipient_state: 'Maharashtra',
    place_of_supply: 'Maharashtra',
    financial_year: '2026-27',
    corrects_invoice_id: null,
    corrects_invoice_no: null,
    created_at: '2026-05-01T10:00:00Z',
    ...overrides,
  };
}

describe('documents by transaction', () => {
  it('puts each invoice with its transaction and its credit notes under it, oldest first', () => {
    const grouped = documentsByTransaction([
      document({ id: 'cn-2', kind: 'credit_note', invoice_no: 'TRBC/2627/000002', amount: 300, created_at: '2026-05-04T10:00:00Z' }),
      document({ id: 'cn-1', kind: 'credit_note', invoice_no: 'TRBC/2627/000001', amount: 200, created_at: '2026-05-02T10:00:00Z' }),
      document({ id: 'inv-1' }),
      document({ id: 'inv-2', transaction_id: 'tx-2', invoice_no: 'TRB/2627/000002' }),
    ]);
    expect(grouped['tx-1']).toEqual({
      invoice: { id: 'inv-1', invoiceNo: 'TRB/2627/000001', kind: 'invoice', amount: 1500, createdAt: '2026-05-01T10:00:00Z' },
      creditNotes: [
        { id: 'cn-1', invoiceNo: 'TRBC/2627/000001', kind: 'credit_note', amount: 200, createdAt: '2026-05-02T10:00:00Z' },
        { id: 'cn-2', invoiceNo: 'TRBC/2627/000002', kind: 'credit_note', amount: 300, createdAt: '2026-05-04T10:00:00Z' },
      ],
    });
    expect(grouped['tx-2']?.invoice?.id).toBe('inv-2');
    expect(grouped['tx-2']?.creditNotes).toEqual([]);
  });

  it('keeps credit notes whose invoice is not in the list, and the first invoice listed when there are two', () => {
    const grouped = documentsByTransaction([
      document({ id: 'newer' }),
      document({ id: 'older' }),
      document({ id: 'cn', kind: 'credit_note', transaction_id: 'tx-9' }),
    ]);
    expect(grouped['tx-1']?.invoice?.id).toBe('newer');
    expect(grouped['tx-9']).toEqual({ invoice: null, creditNotes: [expect.objectContaining({ id: 'cn' })] });
    expect(documentsByTransaction([])).toEqual({});
  });

  it('finds invoices by application, leaving credit notes and documents without one out', () => {
    const byApplication = invoicesByApplication([
      document({ id: 'inv-1' }),
      document({ id: 'cn', kind: 'credit_note', application_id: 'app-2' }),
      document({ id: 'inv-3', application_id: null }),
    ]);
    expect(Object.keys(byApplication)).toEqual(['app-1']);
    expect(byApplication['app-1']?.id).toBe('inv-1');
  });
});

describe('which transactions and bookings offer an invoice', () => {
  it('offers one for every transaction that took money, refunded ones too', () => {
    expect(isInvoiceable({ status: 'captured', capturedAmount: 900 })).toBe(true);
    expect(isInvoiceable({ status: 'partially_refunded', capturedAmount: 900 })).toBe(true);
    expect(isInvoiceable({ status: 'refunded', capturedAmount: 900 })).toBe(true);
    expect(isInvoiceable({ status: 'pending', capturedAmount: 0 })).toBe(false);
    expect(isInvoiceable({ status: 'released', capturedAmount: 0 })).toBe(false);
    expect(isInvoiceable({ status: 'failed', capturedAmount: 0 })).toBe(false);
    // Captured money under a status the web does not know yet still has its invoice.
    expect(isInvoiceable({ status: 'disputed', capturedAmount: 500 })).toBe(true);
  });

  it('offers a booking its issued invoice, else a look-up when it was accepted and paid for', () => {
    const invoices = invoicesByApplication([document({ id: 'inv-1', application_id: 'app-1' })]);
    expect(bookingInvoiceTarget({ application_id: 'app-1', bid_status: 'cancelled', bid_amount: 900 }, invoices)).toEqual({
      invoiceId: 'inv-1',
    });
    expect(bookingInvoiceTarget({ application_id: 'app-2', bid_status: 'accepted', bid_amount: 900 }, invoices)).toEqual({
      applicationId: 'app-2',
    });
    expect(bookingInvoiceTarget({ application_id: 'app-3', bid_status: 'pending', bid_amount: 900 }, invoices)).toBeNull();
    expect(bookingInvoiceTarget({ application_id: 'app-4', bid_status: 'accepted', bid_amount: 0 }, invoices)).toBeNull();
    expect(bookingInvoiceTarget({ application_id: null, bid_status: 'accepted', bid_amount: 900 }, invoices)).toBeNull();
  });
});

describe('download addresses', () => {
  it('goes through the web’s resource routes, with the page to return to', () => {
    expect(invoiceDownloadHref({ invoiceId: 'inv-1' }, '/transactions')).toBe('/resources/invoices/inv-1?returnTo=%2Ftransactions');
    expect(invoiceDownloadHref({ applicationId: 'app 1' }, '/my-bookings?x=1')).toBe(
      '/resources/invoices/application/app%201?returnTo=%2Fmy-bookings%3Fx%3D1',
    );
  });

  it('never returns to another site', () => {
    expect(invoiceDownloadHref({ invoiceId: 'inv-1' }, '//evil.example/x')).toBe('/resources/invoices/inv-1?returnTo=%2Ftransactions');
    expect(invoiceDownloadHref({ invoiceId: 'inv-1' }, 'https://evil.example')).toBe('/resources/invoices/inv-1?returnTo=%2Ftransactions');
  });
});

describe('the file name of a download', () => {
  it('reads the quoted and the plain filename', () => {
    expect(fileNameFromDisposition('attachment; filename="Tribe-invoice-TRB-2627-000042.pdf"')).toBe('Tribe-invoice-TRB-2627-000042.pdf');
    expect(fileNameFromDisposition('attachment; filename=Tribe-credit-note-TRBC-2627-000007.pdf')).toBe(
      'Tribe-credit-note-TRBC-2627-000007.pdf',
    );
  });

  it('prefers the encoded filename*', () => {
    expect(fileNameFromDisposition(`attachment; filename="plain.pdf"; filename*=UTF-8''Tribe%20invoice%20%E2%82%B9.pdf`)).toBe(
      'Tribe invoice ₹.pdf',
    );
  });

  it('drops folders and characters a file system refuses, and ends in .pdf', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('etc-passwd.pdf');
    expect(fileNameFromDisposition('attachment; filename="a\u0001b:c.pdf"')).toBe('a-b-c.pdf');
    expect(fileNameFromDisposition('attachment; filename="say \\"hi\\".pdf"')).toBe('say -hi-.pdf');
    expect(fileNameFromDisposition('attachment; filename="TRB/2627/000001"')).toBe('TRB-2627-000001.pdf');
  });

  it('falls back when there is no usable name', () => {
    expect(fileNameFromDisposition(null)).toBe(DEFAULT_INVOICE_FILE_NAME);
    expect(fileNameFromDisposition('attachment')).toBe(DEFAULT_INVOICE_FILE_NAME);
    expect(fileNameFromDisposition('attachment; filename=""')).toBe(DEFAULT_INVOICE_FILE_NAME);
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4`)).toBe(DEFAULT_INVOICE_FILE_NAME);
  });
});

describe('a failed download (SPEC §8)', () => {
  it('says the invoice comes after payment confirmation while it is not issued', () => {
    const failure = invoiceFailure(404, ErrorCodes.invoices.notYetIssued);
    expect(failure).toEqual({ status: 404, error: Messages.invoices.notYetIssued, code: ErrorCodes.invoices.notYetIssued });
    expect(invoiceFailureToast(failure)).toEqual({ kind: 'info', message: Messages.invoices.notYetIssued });
  });

  it('says there is no token without a session', () => {
    expect(invoiceFailure(401, null)).toEqual({ status: 401, error: Messages.invoices.noToken, code: null });
  });

  it('says "Failed to download invoice. Please try again." for anything else, as an error', () => {
    expect(invoiceFailure(404, ErrorCodes.invoices.notFound).error).toBe(Messages.invoices.downloadFailed);
    expect(invoiceFailure(500, null)).toEqual({ status: 502, error: Messages.invoices.downloadFailed, code: null });
    expect(invoiceFailureToast(null)).toEqual({ kind: 'error', message: Messages.invoices.downloadFailed });
    expect(invoiceFailureToast({ error: Messages.invoices.downloadFailed, code: null })).toEqual({
      kind: 'error',
      message: Messages.invoices.downloadFailed,
    });
  });

  it('keeps the "try again in a moment" of an API that cannot be reached', () => {
    expect(invoiceFailure(503, null, 'Tribe is not reachable right now.')).toEqual({
      status: 503,
      error: 'Tribe is not reachable right now.',
      code: null,
    });
  });
});
