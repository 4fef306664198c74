import type * as Fontkit from 'fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type PDFDocumentClass from 'pdfkit';
import { type InvoiceKind } from '../../contracts/invoices.contract.js';
import { loadOnce } from '../../platform/load-once.js';
import { formatRate, type GstSplit } from './gst.js';

/** Services by way of admission to events (GST services accounting code). */
export const SAC_EVENT_ADMISSION = '9996';

/** What one tax invoice or credit note prints (CGST Rules, rule 46 and rule 53). */
export interface InvoicePdfContent {
  kind: InvoiceKind;
  invoiceNo: string;
  issuedAt: Date;
  supplier: { name: string; address: string; gstin: string; state: string; stateCode: string | null };
  recipient: { name: string; state: string | null; stateCode: string | null };
  placeOfSupply: { state: string; code: string | null };
  event: { title: string; description: string | null; date: Date | null; location: string | null };
  amounts: GstSplit;
  /** The supplier's state is the place of supply: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  gstRatePercent: number;
  platformFeePercent: number;
  /** On a credit note: the invoice it corrects. */
  corrects?: { invoiceNo: string; issuedAt: Date };
}

/**
 * pdfkit and DejaVu Sans, embedded (and subset) in every document: the PDF standard fonts have no ₹
 * (U+20B9). Loaded and parsed once per process, by its first document (a process that renders none
 * never holds them); pdfkit takes the parsed font, which saves most of each render's time.
 */
const pdfLibrary = loadOnce(async () => {
  // One after the other: pdfkit loads fontkit too, and Jest's module loader fails two imports that share a dependency at once.
  const fontkit = await import('fontkit');
  const { default: PDFDocument } = await import('pdfkit');
  const require = createRequire(import.meta.url);
  const open = async (file: string) => fontkit.create(await readFile(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Fontkit.Font;
  const [regular, bold] = await Promise.all([open('DejaVuSans.ttf'), open('DejaVuSans-Bold.ttf')]);
  return { PDFDocument: PDFDocument as typeof PDFDocumentClass, regular, bold };
});

const indianGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,18,000: Indian digit grouping, whole rupees. */
export const rupees = (amount: number): string => `₹${indianGrouping.format(amount)}`;

const indiaDate = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });
const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/** 05 May 2026, in India's time. */
export const formatIndiaDate = (moment: Date): string => indiaDate.format(moment);

const stateWithCode = (state: string | null, code: string | null) => (state ? (code ? `${state} (${code})` : state) : 'Not given');

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const PAGE_MARGIN = 50;
const GREY = '#555555';

/** Renders the document to PDF bytes. */
export async function renderInvoicePdf(content: InvoicePdfContent): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await pdfLibrary();
  const invoice = content.kind === 'invoice';
  const title = invoice ? 'Tax invoice' : 'Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    // The embedded font from the start: otherwise every document loads Helvetica's metrics first.
    font: regular as never,
    info: { Title: `${title} ${content.invoiceNo}`, Author: content.supplier.name, CreationDate: content.issuedAt },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // pdfkit 0.20 takes a parsed fontkit font; its types (0.17) know only paths and bytes.
  doc.registerFont('Body', regular as never);
  doc.registerFont('Bold', bold as never);

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const { amounts } = content;

  doc.font('Bold').fontSize(18).text(title.toUpperCase(), left, PAGE_MARGIN);
  doc
    .font('Body')
    .fontSize(9)
    .fillColor(GREY)
    .text(invoice ? 'Original for recipient' : 'Issued under section 34 of the CGST Act');
  doc.fillColor('black').moveDown(0.8);

  doc.font('Bold').fontSize(11).text(content.supplier.name);
  doc
    .font('Body')
    .fontSize(9)
    .text(content.supplier.address, { width: width / 2 });
  doc.text(`GSTIN: ${content.supplier.gstin}`);
  doc.text(`State: ${stateWithCode(content.supplier.state, content.supplier.stateCode)}`);
  doc.moveDown(0.8);

  const facts: Array<[string, string]> = [
    [invoice ? 'Invoice number' : 'Credit note number', content.invoiceNo],
    [invoice ? 'Invoice date' : 'Credit note date', formatIndiaDate(content.issuedAt)],
  ];
  if (content.corrects) {
    facts.push(['Against invoice', `${content.corrects.invoiceNo} dated ${formatIndiaDate(content.corrects.issuedAt)}`]);
  }
  facts.push(['Place of supply', stateWithCode(content.placeOfSupply.state, content.placeOfSupply.code)], ['Reverse charge', 'No']);
  for (const [label, value] of facts) keyValue(doc, label, value, left, width);
  doc.moveDown(0.8);

  doc
    .font('Bold')
    .fontSize(10)
    .text(invoice ? 'Billed to' : 'Issued to', left);
  doc.font('Body').fontSize(9).text(content.recipient.name);
  doc.text(`State: ${stateWithCode(content.recipient.state, content.recipient.stateCode)}`);
  doc.moveDown(0.8);

  doc.font('Bold').fontSize(10).text('Event', left);
  doc.font('Body').fontSize(9).text(content.event.title, { width });
  if (content.event.date) doc.text(`Date: ${indiaDateTime.format(content.event.date)}`);
  if (content.event.location) doc.text(`Venue: ${clip(content.event.location, 200)}`, { width });
  if (content.event.description) doc.fillColor(GREY).text(clip(content.event.description, 300), { width }).fillColor('black');
  doc.moveDown(1);

  const amountWidth = 110;
  const sacX = left + width - amountWidth - 60;
  const header = doc.y;
  doc.font('Bold').fontSize(9);
  doc.text('Description', left, header);
  doc.text('SAC', sacX, header);
  doc.text('Amount', left + width - amountWidth, header, { width: amountWidth, align: 'right' });
  rule(doc, left, width);

  const admission = amounts.total - amounts.platformFee;
  const lines: Array<[string, number]> = [
    [invoice ? `Admission: ${clip(content.event.title, 60)}` : `Refund of admission: ${clip(content.event.title, 50)}`, admission],
    [`Platform fee (${formatRate(content.platformFeePercent)}%)`, amounts.platformFee],
  ];
  doc.font('Body');
  for (const [description, amount] of lines) {
    const y = doc.y + 4;
    doc.text(description, left, y, { width: sacX - left - 10 });
    doc.text(SAC_EVENT_ADMISSION, sacX, y);
    doc.text(rupees(amount), left + width - amountWidth, y, { width: amountWidth, align: 'right' });
  }
  rule(doc, left, width);

  const totals: Array<[string, number]> = [['Taxable value', amounts.taxableValue]];
  if (content.intraState) {
    totals.push([`CGST @ ${formatRate(content.gstRatePercent / 2)}%`, amounts.cgst]);
    totals.push([`SGST @ ${formatRate(content.gstRatePercent / 2)}%`, amounts.sgst]);
  } else {
    totals.push([`IGST @ ${formatRate(content.gstRatePercent)}%`, amounts.igst]);
  }
  for (const [label, amount] of totals) amountRow(doc, label, rupees(amount), left, width, amountWidth);
  doc.font('Bold').fontSize(10);
  amountRow(doc, invoice ? 'Total (GST included)' : 'Total credited (GST included)', rupees(amounts.total), left, width, amountWidth);
  doc.moveDown(1.2);

  doc.font('Body').fontSize(8).fillColor(GREY);
  doc.text(
    'Amounts in Indian rupees, rounded to the rupee. The amount paid includes GST: taxable value = total ÷ (1 + GST rate), ' +
      'tax = total − taxable value; within one state CGST is half the tax rounded down and SGST the rest. ' +
      'The platform fee is part of the total.',
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.6);
  doc.text(`Authorised signatory, ${content.supplier.name}. This document was issued electronically and needs no signature.`, {
    width,
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function keyValue(doc: PDFKit.PDFDocument, label: string, value: string, left: number, width: number) {
  const y = doc.y;
  doc.font('Bold').fontSize(9).text(`${label}:`, left, y, { width: 130 });
  doc.font('Body').text(value, left + 130, y, { width: width - 130 });
}

function amountRow(doc: PDFKit.PDFDocument, label: string, amount: string, left: number, width: number, amountWidth: number) {
  const y = doc.y + 3;
  doc.text(label, left + width - amountWidth - 200, y, { width: 200 });
  doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
}

function rule(doc: PDFKit.PDFDocument, left: number, width: number) {
  const y = doc.y + 3;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y = y + 2;
}
