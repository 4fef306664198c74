/**
 * GST invoices and credit notes (issue 9). A worker issues one tax invoice per captured payment and
 * one credit note per processed refund; nothing here is written by the API.
 *
 * Endpoints (base /api/v1; bearer token unless said otherwise). Only the payer, the event's host and
 * admins see a document: anyone else gets the same 404 as for an id that does not exist.
 *
 * - `GET /invoices/{id}` → {@link InvoiceView} (an invoice or a credit note).
 * - `GET /invoices/application/{applicationId}` → {@link ApplicationInvoicesView}: the application's
 *   invoice with its credit notes. 404 `{ error: Messages.invoices.notYetIssued }` ("No invoice found
 *   for this application. Invoice is generated after payment confirmation.") until the invoice exists,
 *   and for an application the caller may not see.
 * - `GET /invoices/user/{userId}` → {@link InvoiceListView}: every document the person paid for,
 *   newest first. The person themselves or an admin; anyone else gets 404.
 * - `GET /invoices/{id}/download-url` → {@link InvoiceDownloadUrlView}: a signed link that works
 *   without a token until `expires_at` (INVOICE_URL_TTL_SECONDS, 5 minutes by default).
 * - `GET /invoices/{id}/file?expires=…&signature=…` (no token: the signature is the proof) → the PDF.
 *   A tampered or expired link is 403 `{ error, code: 'invoice_link_invalid' }` (checked before any
 *   lookup, so it says nothing about whether the invoice exists).
 * - `GET /invoices/{id}/download` → the PDF (`content-type: application/pdf`,
 *   `content-disposition: attachment; filename="Tribe-invoice-TRB-2627-000042.pdf"`); errors are
 *   JSON `{ error, code }` as everywhere.
 *
 * Amounts are whole rupees, GST included in `amount`: see docs/decisions.md "Invoices (issue 9)".
 */

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The GST split of a document's amount, whole rupees. CGST + SGST within the supplier's state, else IGST. */
export interface InvoiceTaxView {
  /** The value the tax is charged on: `amount` less the tax. */
  taxable_value: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** The GST rate in percent (GST_RATE_PERCENT when the document was issued). */
  rate_percent: number;
}

export interface InvoiceView {
  id: string;
  /** e.g. `TRB/2627/000042` (invoices) or `TRBC/2627/000007` (credit notes): unique per financial year. */
  invoice_no: string;
  kind: InvoiceKind;
  /** A signed link to the PDF that needs no token, valid until `download_url_expires_at`. */
  download_url: string;
  download_url_expires_at: string;
  /** The file name the PDF downloads as, e.g. `Tribe-invoice-TRB-2627-000042.pdf`. */
  file_name: string;
  /** Whole rupees, GST included: the captured amount (invoice) or the refunded amount (credit note). */
  amount: number;
  tax: InvoiceTaxView;
  /** The platform fee included in `amount` (PLATFORM_FEE_PERCENT of it, rounded to the rupee). */
  platform_fee: number;
  transaction_id: string;
  /** The refund a credit note records; null on invoices. */
  refund_id: string | null;
  application_id: string | null;
  event_id: string;
  event_title: string;
  /** ISO date-time of the event's start. */
  event_date: string | null;
  payer_id: string;
  host_id: string;
  recipient_name: string;
  recipient_state: string | null;
  /** The event's state (place of supply). */
  place_of_supply: string;
  /** The financial year, e.g. `2026-27`. */
  financial_year: string;
  /** On a credit note, the invoice it corrects; null on invoices. */
  corrects_invoice_id: string | null;
  corrects_invoice_no: string | null;
  /** When the document was issued (its date). */
  created_at: string;
}

/** GET /invoices/application/{applicationId}. */
export interface ApplicationInvoicesView {
  invoice: InvoiceView;
  credit_notes: InvoiceView[];
}

/** GET /invoices/user/{userId}. */
export interface InvoiceListView {
  invoices: InvoiceView[];
}

/** GET /invoices/{id}/download-url. */
export interface InvoiceDownloadUrlView {
  download_url: string;
  expires_at: string;
}

/** The name a document downloads as: `Tribe-invoice-TRB-2627-000042.pdf`, `Tribe-credit-note-TRBC-2627-000007.pdf`. */
export function invoiceFileName(invoiceNo: string, kind: InvoiceKind): string {
  const label = kind === 'invoice' ? 'invoice' : 'credit-note';
  return `Tribe-${label}-${invoiceNo.replace(/\//g, '-')}.pdf`;
}
