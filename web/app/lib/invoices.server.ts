import { redirect } from '@remix-run/node';
import { api, ApiError, fetchApi, isUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './api.server';
import { webConfig } from './config.server';
import {
  DEFAULT_INVOICE_FILE_NAME,
  documentsByTransaction,
  invoiceFailure,
  invoiceFailureToast,
  type InvoiceDownloadFailure,
  type TransactionDocuments,
} from './invoices';
import { loginPathFor } from './redirects';
import { flashToast, getToken, safeReturnTo } from './session.server';
import type { ApplicationInvoicesView, InvoiceListView, InvoiceView } from '../../../api/src/contracts/invoices.contract.js';

/**
 * The signed-in person's invoices and credit notes (GET /invoices/user/{id}), newest first. A failed
 * read is no documents: each paid-for transaction or booking still offers its invoice, looked up by
 * its application when clicked (which then says what is wrong).
 */
export async function loadDocuments(token: string, userId: string): Promise<InvoiceView[]> {
  try {
    const list = await api<InvoiceListView>(`/invoices/user/${encodeURIComponent(userId)}`, { token });
    return Array.isArray(list.invoices) ? list.invoices : [];
  } catch (error) {
    if (error instanceof ApiError) return [];
    throw error;
  }
}

/** The person's documents by the transaction they are for (/transactions). */
export async function loadDocumentsByTransaction(token: string, userId: string): Promise<Record<string, TransactionDocuments>> {
  return documentsByTransaction(await loadDocuments(token, userId));
}

export type InvoiceFile = { ok: true; response: Response } | ({ ok: false } & InvoiceDownloadFailure);

const failed = (error: unknown): { ok: false } & InvoiceDownloadFailure => {
  if (isUnavailable(error)) return { ok: false, ...invoiceFailure(503, error.code, error.message) };
  if (error instanceof ApiError) return { ok: false, ...invoiceFailure(error.status, error.code) };
  throw error;
};

/** How long a download may take, its body included (a PDF of a few tens of kilobytes; the default suits forms). */
const DOWNLOAD_TIMEOUT_MS = () => Math.max(webConfig.API_TIMEOUT_MS, 30_000);

/**
 * GET /invoices/{id}/download with the session's token: the PDF as the API sends it, to be passed
 * through (its body streamed, its type and file name kept). An answer that is not a PDF is a failure.
 */
export async function fetchInvoicePdf(token: string, invoiceId: string): Promise<InvoiceFile> {
  let response: Response;
  try {
    response = await fetchApi(
      `/api/v1/invoices/${encodeURIComponent(invoiceId)}/download`,
      { method: 'GET', headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf, application/json' } },
      DOWNLOAD_TIMEOUT_MS(),
    );
  } catch (error) {
    return failed(error);
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && type.toLowerCase().startsWith('application/pdf') && response.body) return { ok: true, response };
  const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
  if (response.status === 503 && !body?.code) return { ok: false, ...invoiceFailure(503, null, UNAVAILABLE_MESSAGE) };
  return { ok: false, ...invoiceFailure(response.ok ? 502 : response.status, body?.code ?? null) };
}

/**
 * The invoice of an application (GET /invoices/application/{id}), then its PDF. Before it is issued
 * the API answers 404 with the spec's "No invoice found for this application..." (code invoice_not_issued).
 */
export async function fetchApplicationInvoicePdf(token: string, applicationId: string): Promise<InvoiceFile> {
  let found: ApplicationInvoicesView;
  try {
    found = await api<ApplicationInvoicesView>(`/invoices/application/${encodeURIComponent(applicationId)}`, { token });
  } catch (error) {
    return failed(error);
  }
  return fetchInvoicePdf(token, found.invoice.id);
}

/**
 * Whether the request is a page navigation (a download link followed without JavaScript), which
 * must end on a page, rather than the page script's fetch, which reads a JSON failure.
 */
function isNavigation(request: Request): boolean {
  return (request.headers.get('Accept') ?? '').includes('text/html');
}

/**
 * The answer of the web's download routes (/resources/invoices/…): the PDF passed through with the
 * API's type and file name, never cached. A failure is JSON `{ error, code }` for the page script,
 * or, for a link followed without JavaScript, a redirect back to `returnTo` with the message as a
 * toast (to /login first when there is no session).
 */
export async function invoiceDownloadResponse(request: Request, read: (token: string) => Promise<InvoiceFile>): Promise<Response> {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'), '/transactions');
  const token = await getToken(request);
  const file = token ? await read(token) : ({ ok: false, ...invoiceFailure(401, null) } as const);
  if (file.ok) {
    const upstream = file.response.headers;
    const headers = new Headers({
      'Content-Type': upstream.get('Content-Type') ?? 'application/pdf',
      'Content-Disposition': upstream.get('Content-Disposition') ?? `attachment; filename="${DEFAULT_INVOICE_FILE_NAME}"`,
      'Cache-Control': 'private, no-store',
    });
    const length = upstream.get('Content-Length');
    if (length) headers.set('Content-Length', length);
    return new Response(file.response.body, { status: 200, headers });
  }
  if (isNavigation(request)) {
    if (!token) return redirect(loginPathFor(returnTo));
    const cookie = await flashToast(request, invoiceFailureToast(file));
    return redirect(returnTo, { headers: { 'Set-Cookie': cookie } });
  }
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
  if (file.status === 503) headers['Retry-After'] = RETRY_AFTER_SECONDS;
  return new Response(JSON.stringify({ error: file.error, code: file.code }), { status: file.status, headers });
}
