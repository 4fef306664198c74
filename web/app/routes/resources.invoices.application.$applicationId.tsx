import type { LoaderFunctionArgs } from '@remix-run/node';
import { fetchApplicationInvoicePdf, invoiceDownloadResponse } from '~/lib/invoices.server';

/**
 * GET /resources/invoices/application/{applicationId}?returnTo=…: the application's invoice
 * (GET /api/v1/invoices/application/{id}) as a PDF download. Until the invoice is issued the answer
 * says "No invoice found for this application. Invoice is generated after payment confirmation."
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return invoiceDownloadResponse(request, (token) => fetchApplicationInvoicePdf(token, params.applicationId ?? ''));
}
