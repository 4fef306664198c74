import type { LoaderFunctionArgs } from '@remix-run/node';
import { fetchInvoicePdf, invoiceDownloadResponse } from '~/lib/invoices.server';

/**
 * GET /resources/invoices/{id}?returnTo=…: one invoice or credit note as a PDF download, fetched
 * from GET /api/v1/invoices/{id}/download with the session's token (the browser never holds it).
 * See invoiceDownloadResponse for what a failure answers.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return invoiceDownloadResponse(request, (token) => fetchInvoicePdf(token, params.invoiceId ?? ''));
}
