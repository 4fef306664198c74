/**
 * Invoices and credit notes as the pages show them (SPEC §3 Invoice, §8 Invoices): which
 * transactions have one, where their download goes, the file name a download is saved as, and the
 * words a failed download shows. Plain module (no React, no server imports), shared by server and
 * browser and unit tested.
 */
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import type { InvoiceKind, InvoiceView } from '../../../api/src/contracts/invoices.contract.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import type { TransactionStatus } from '../../../api/src/contracts/payments.contract.js';
import { safeReturnTo } from './redirects';
import type { ToastMessage } from './toast';

/** What a page needs of one document to list it and offer its download. */
export interface DocumentLink {
  id: string;
  invoiceNo: string;
  kind: InvoiceKind;
  amount: number;
  createdAt: string;
}

/** A transaction's tax invoice (once issued) and the credit notes that correct it, oldest first. */
export interface TransactionDocuments {
  invoice: DocumentLink | null;
  creditNotes: DocumentLink[];
}

const toLink = (document: InvoiceView): DocumentLink => ({
  id: document.id,
  invoiceNo: document.invoice_no,
  kind: document.kind,
  amount: document.amount,
  createdAt: document.created_at,
});

/**
 * The person's documents (GET /invoices/user/{id}) grouped by the transaction they are for. A
 * transaction has one invoice; should the list hold two, the first one listed (the newest) is kept.
 */
export function documentsByTransaction(documents: readonly InvoiceView[]): Record<string, TransactionDocuments> {
  const grouped: Record<string, TransactionDocuments> = {};
  for (const document of documents) {
    const entry = (grouped[document.transaction_id] ??= { invoice: null, creditNotes: [] });
    if (document.kind === 'invoice') entry.invoice ??= toLink(document);
    else entry.creditNotes.push(toLink(document));
  }
  for (const entry of Object.values(grouped)) {
    entry.creditNotes.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.invoiceNo.localeCompare(b.invoiceNo));
  }
  return grouped;
}

/** The person's tax invoices by the application they were paid for (credit notes left out). */
export function invoicesByApplication(documents: readonly InvoiceView[]): Record<string, DocumentLink> {
  const byApplication: Record<string, DocumentLink> = {};
  for (const document of documents) {
    if (document.kind === 'invoice' && document.application_id) byApplication[document.application_id] ??= toLink(document);
  }
  return byApplication;
}

/** Statuses of a transaction that took money: its invoice is issued once the capture is confirmed. */
const INVOICED_STATUSES: ReadonlySet<TransactionStatus> = new Set(['captured', 'partially_refunded', 'refunded']);

/** Whether a transaction gets a "Download invoice" button: money was captured (refunds later do not undo the invoice). */
export function isInvoiceable(transaction: { status: string; capturedAmount?: number | null }): boolean {
  return INVOICED_STATUSES.has(transaction.status as TransactionStatus) || (transaction.capturedAmount ?? 0) > 0;
}

/** Which document a download asks for: one by its id, or the invoice of an application (looked up when clicked). */
export type InvoiceTarget = { invoiceId: string } | { applicationId: string };

/**
 * The invoice a booking on /my-bookings offers: the one issued for its application, else (an
 * accepted booking that was paid for, whose invoice the workers may still be making) a look-up by
 * the application when clicked; nothing for a booking that has not been paid for.
 */
export function bookingInvoiceTarget(
  booking: { application_id: string | null; bid_status: string | null; bid_amount: number | null },
  invoices: Readonly<Record<string, DocumentLink>>,
): InvoiceTarget | null {
  if (!booking.application_id) return null;
  const invoice = invoices[booking.application_id];
  if (invoice) return { invoiceId: invoice.id };
  return booking.bid_status === 'accepted' && (booking.bid_amount ?? 0) > 0 ? { applicationId: booking.application_id } : null;
}

/**
 * The web's own download address (a resource route: the browser never holds the API token), with
 * the page to come back to when it fails without JavaScript.
 */
export function invoiceDownloadHref(target: InvoiceTarget, returnTo: string): string {
  const path =
    'invoiceId' in target
      ? `/resources/invoices/${encodeURIComponent(target.invoiceId)}`
      : `/resources/invoices/application/${encodeURIComponent(target.applicationId)}`;
  return `${path}?${new URLSearchParams({ returnTo: safeReturnTo(returnTo, '/transactions') }).toString()}`;
}

export const DEFAULT_INVOICE_FILE_NAME = 'Tribe-invoice.pdf';

/**
 * The file name in a Content-Disposition header (`filename*=UTF-8''…` preferred, then
 * `filename="…"`), reduced to a safe name ending in .pdf; the default when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string {
  if (!header) return DEFAULT_INVOICE_FILE_NAME;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
    name = plain ? (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1') : null;
  }
  // No folders, no control characters, nothing a file system refuses.
  const safe = (name ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/^[.\s-]+/, '')
    .trim();
  if (!safe) return DEFAULT_INVOICE_FILE_NAME;
  return /\.pdf$/i.test(safe) ? safe : `${safe}.pdf`;
}

/** What the web's download route answers when it has no PDF to give: the words to show and how. */
export interface InvoiceDownloadFailure {
  status: number;
  error: string;
  code: string | null;
}

/**
 * The message of a download that failed (SPEC §8): not issued yet (the API's 404 for an
 * application) says so and when it will be; no session says "No authentication token found";
 * anything else is "Failed to download invoice. Please try again." An API that cannot be reached
 * keeps its own "try again in a moment" message.
 */
export function invoiceFailure(status: number, code: string | null, unavailableMessage?: string): InvoiceDownloadFailure {
  if (code === ErrorCodes.invoices.notYetIssued) return { status: 404, error: Messages.invoices.notYetIssued, code };
  if (status === 401) return { status: 401, error: Messages.invoices.noToken, code };
  if (status === 503 && unavailableMessage) return { status: 503, error: unavailableMessage, code };
  const passed = status >= 400 && status < 500 ? status : 502;
  return { status: passed, error: Messages.invoices.downloadFailed, code };
}

/** The toast a failed download shows: the not-yet-issued case is information, the rest an error. */
export function invoiceFailureToast(failure: { error?: string | null; code?: string | null } | null): ToastMessage {
  if (failure?.code === ErrorCodes.invoices.notYetIssued) return { kind: 'info', message: Messages.invoices.notYetIssued };
  return { kind: 'error', message: failure?.error || Messages.invoices.downloadFailed };
}
