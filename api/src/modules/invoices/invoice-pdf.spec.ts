import { PDFParse } from 'pdf-parse';
import { splitGst } from './gst.js';
import { renderInvoicePdf, rupees, type InvoicePdfContent } from './invoice-pdf.js';

async function textOf(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const content = (changes: Partial<InvoicePdfContent> = {}): InvoicePdfContent => ({
  kind: 'invoice',
  invoiceNo: 'TRB/2627/000042',
  issuedAt: new Date('2026-05-05T10:00:00+05:30'),
  supplier: {
    name: 'Tribe Social Technologies',
    address: 'Koramangala, Bengaluru',
    gstin: '29AAICT1234F1Z5',
    state: 'Karnataka',
    stateCode: '29',
  },
  recipient: { name: 'Asha Rao', state: 'Karnataka', stateCode: '29' },
  placeOfSupply: { state: 'Karnataka', code: '29' },
  event: {
    title: 'Jazz night',
    description: 'Live jazz by the lake',
    date: new Date('2026-06-01T19:00:00+05:30'),
    location: 'Indiranagar, Bengaluru',
  },
  amounts: splitGst({ total: 1180, gstRatePercent: 18, platformFeePercent: 10, intraState: true }),
  intraState: true,
  gstRatePercent: 18,
  platformFeePercent: 10,
  ...changes,
});

describe('renderInvoicePdf', () => {
  it('prints a rule 46 tax invoice with the rupee sign in an embedded font', async () => {
    const pdf = await renderInvoicePdf(content());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes(Buffer.from('/FontFile2'))).toBe(true);
    const text = await textOf(pdf);
    for (const expected of [
      'TAX INVOICE',
      'TRB/2627/000042',
      '05 May 2026',
      'Tribe Social Technologies',
      '29AAICT1234F1Z5',
      'Asha Rao',
      'Karnataka (29)',
      'Jazz night',
      '9996',
      'CGST @ 9%',
      'SGST @ 9%',
      '₹1,000',
      '₹90',
      '₹1,180',
      '₹118',
      '₹1,062',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST @');
  });

  it('prints IGST alone when the place of supply is another state', async () => {
    const text = await textOf(
      await renderInvoicePdf(
        content({
          placeOfSupply: { state: 'Maharashtra', code: '27' },
          intraState: false,
          amounts: splitGst({ total: 1180, gstRatePercent: 18, platformFeePercent: 10, intraState: false }),
        }),
      ),
    );
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('₹180');
    expect(text).toContain('Maharashtra (27)');
    expect(text).not.toContain('CGST @');
  });

  it('names the invoice a credit note corrects', async () => {
    const text = await textOf(
      await renderInvoicePdf(
        content({
          kind: 'credit_note',
          invoiceNo: 'TRBC/2627/000007',
          corrects: { invoiceNo: 'TRB/2627/000042', issuedAt: new Date('2026-05-05T10:00:00+05:30') },
        }),
      ),
    );
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('TRBC/2627/000007');
    expect(text).toMatch(/TRB\/2627\/000042 dated 05 May 2026/);
  });

  it('groups rupees the Indian way', () => {
    expect(rupees(118000)).toBe('₹1,18,000');
    expect(rupees(0)).toBe('₹0');
  });
});
