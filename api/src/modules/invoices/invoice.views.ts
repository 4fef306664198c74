import { invoiceFileName, type InvoiceKind, type InvoiceView } from '../../contracts/invoices.contract.js';
import { financialYearLabel } from './invoice-number.js';
import { type InvoiceRecord } from './invoices.repository.js';

/** A document as the API shows it, with a signed link that is good until `expiresAt`. */
export function toInvoiceView(invoice: InvoiceRecord, link: { url: string; expiresAt: Date }): InvoiceView {
  const kind = invoice.kind as InvoiceKind;
  return {
    id: invoice.id,
    invoice_no: invoice.invoiceNo,
    kind,
    download_url: link.url,
    download_url_expires_at: link.expiresAt.toISOString(),
    file_name: invoiceFileName(invoice.invoiceNo, kind),
    amount: invoice.total,
    tax: {
      taxable_value: invoice.taxableValue,
      cgst: invoice.cgst,
      sgst: invoice.sgst,
      igst: invoice.igst,
      rate_percent: invoice.gstRate,
    },
    platform_fee: invoice.platformFee,
    transaction_id: invoice.transactionId,
    refund_id: invoice.refundId,
    application_id: invoice.applicationId,
    event_id: invoice.eventId,
    event_title: invoice.eventTitle,
    event_date: invoice.eventDate ? invoice.eventDate.toISOString() : null,
    payer_id: invoice.payerId,
    host_id: invoice.hostId,
    recipient_name: invoice.recipientName,
    recipient_state: invoice.recipientState,
    place_of_supply: invoice.placeOfSupply,
    financial_year: financialYearLabel(invoice.financialYear),
    corrects_invoice_id: invoice.correctsInvoiceId,
    corrects_invoice_no: invoice.correctsInvoiceNo,
    created_at: invoice.createdAt.toISOString(),
  };
}
