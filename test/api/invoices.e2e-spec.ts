import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { PDFParse } from 'pdf-parse';
import { InvoiceClock } from '../../api/src/modules/invoices/invoice-clock.js';
import { signInvoiceLink } from '../../api/src/modules/invoices/invoice-links.js';
import { InvoicesRepository } from '../../api/src/modules/invoices/invoices.repository.js';
import { CreditNoteIssueHandler } from '../../api/src/modules/invoices/jobs/credit-note-issue.job.js';
import { InvoiceIssueHandler } from '../../api/src/modules/invoices/jobs/invoice-issue.job.js';
import { RefundSettlement } from '../../api/src/modules/payments/refund-settlement.js';
import { RefundsRepository } from '../../api/src/modules/payments/refunds.repository.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, createEvent, decide, QUIET_SANDBOX } from '../support/join-flow.js';
import { waitingOnALock, waitUntil } from '../support/poll.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const NOT_YET = 'No invoice found for this application. Invoice is generated after payment confirmation.';

/** The text of a PDF, as a person copying it would get it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The path and query of an absolute download URL the API handed out. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

interface InvoiceBody {
  id: string;
  invoice_no: string;
  kind: string;
  download_url: string;
  amount: number;
  tax: { taxable_value: number; cgst: number; sgst: number; igst: number; rate_percent: number };
  platform_fee: number;
  transaction_id: string;
  application_id: string | null;
  event_id: string;
  place_of_supply: string;
  corrects_invoice_id: string | null;
  corrects_invoice_no: string | null;
  recipient_name: string;
}

describe('GST invoices and credit notes', () => {
  let api: TestApi;
  let host: SignedUp;
  let admin: SignedUp;
  let bengaluru: { id: string };
  let mumbai: { id: string };

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api, { name: 'Meera Host' });
    admin = await signUp(api, { name: 'Admin Person' });
    await makeAdmin(api, admin.user.id);
    bengaluru = await createEvent(api, host, { title: 'Jazz night', location: 'Indiranagar, Bengaluru, Karnataka 560038', capacity: 40 });
    mumbai = await createEvent(api, host, { title: 'Sea face run', location: 'Marine Drive, Mumbai', min_bid: 1180, capacity: 40 });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api.close();
  });

  /** A fan pays, the host accepts, and the workers capture (and invoice, unless held). */
  async function paidAndAccepted(fan: SignedUp, eventId: string, amount = 500) {
    const paid = await applyAndPay(api, fan, eventId, amount);
    const accepted = await decide(api, host, paid.applicationId, 'accept');
    expect(accepted.status).toBe(200);
    await runPendingJobs(api);
    return paid;
  }

  const invoiceOf = async (who: SignedUp, applicationId: string) =>
    (await api.http().get(`/api/v1/invoices/application/${applicationId}`).set(bearer(who.token)).expect(200)).body as {
      invoice: InvoiceBody;
      credit_notes: InvoiceBody[];
    };

  /** A GET whose body may be a file: the status, headers and raw bytes (through a real socket). */
  const fetchFile = async (path: string, token?: string) => {
    const url = new URL(path, await api.baseUrl());
    return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(url, { headers: token ? bearer(token) : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      }).on('error', reject);
    });
  };

  const downloadPdf = async (who: SignedUp, invoiceId: string) => {
    const response = await fetchFile(`/api/v1/invoices/${invoiceId}/download`, who.token);
    expect(response.status).toBe(200);
    return response;
  };

  /** Every series has the numbers 1..n and no other, and the counter says n. */
  async function expectGapless() {
    const { rows } = await api.db.query<{ financial_year: number; kind: string; sequences: number[]; last_value: number }>(
      `SELECT i.financial_year, i.kind, array_agg(i.sequence ORDER BY i.sequence) AS sequences, s.last_value
         FROM invoice i JOIN invoice_sequence s ON s.financial_year = i.financial_year AND s.kind = i.kind
        GROUP BY i.financial_year, i.kind, s.last_value`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.sequences).toEqual(Array.from({ length: row.sequences.length }, (_, index) => index + 1));
      expect(row.last_value).toBe(row.sequences.length);
    }
    const { rows: orphans } = await api.db.query(`SELECT 1 FROM invoice_sequence s
      WHERE NOT EXISTS (SELECT 1 FROM invoice i WHERE i.financial_year = s.financial_year AND i.kind = s.kind)`);
    expect(orphans).toEqual([]);
  }

  it('answers the spec 404 until the payment is captured, then issues one invoice with the GST content of rule 46', async () => {
    const fan = await signUp(api, { name: 'Asha Rao', location: 'Fort Kochi, Kerala' });
    const event = await createEvent(api, host, {
      title: 'Jazz night',
      location: 'Indiranagar, Bengaluru, Karnataka 560038',
      min_bid: 1180,
    });
    const paid = await applyAndPay(api, fan, event.id, 1180);
    const early = await api.http().get(`/api/v1/invoices/application/${paid.applicationId}`).set(bearer(fan.token)).expect(404);
    expect(early.body).toEqual({ error: NOT_YET, code: 'invoice_not_issued' });

    await decide(api, host, paid.applicationId, 'accept').expect(200);
    await runPendingJobs(api);

    const { invoice, credit_notes } = await invoiceOf(fan, paid.applicationId);
    expect(credit_notes).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      amount: 1180,
      tax: { taxable_value: 1000, cgst: 90, sgst: 90, igst: 0, rate_percent: 18 },
      platform_fee: 118,
      transaction_id: paid.transactionId,
      application_id: paid.applicationId,
      event_id: event.id,
      place_of_supply: 'Karnataka',
      recipient_name: 'Asha Rao',
      corrects_invoice_id: null,
    });
    expect(invoice.invoice_no).toMatch(/^TRB\/\d{4}\/\d{6}$/);
    expect(invoice.invoice_no.length).toBeLessThanOrEqual(16);

    const byId = await api.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(fan.token)).expect(200);
    expect(byId.body).toMatchObject({ id: invoice.id, invoice_no: invoice.invoice_no });
    expect(byId.body.download_url).toMatch(/^https?:\/\/.+\/api\/v1\/invoices\/[0-9a-f-]{36}\/file\?expires=\d+&signature=[0-9a-f]{64}$/);

    const pdf = await downloadPdf(fan, invoice.id);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const fileName = `Tribe-invoice-${invoice.invoice_no.replaceAll('/', '-')}.pdf`;
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
    const text = await pdfText(pdf.body);
    for (const expected of [
      'TAX INVOICE',
      invoice.invoice_no,
      api.config.SUPPLIER_NAME,
      api.config.SUPPLIER_GSTIN,
      'Asha Rao',
      'Kerala (32)',
      'Place of supply:',
      'Karnataka (29)',
      'Jazz night',
      '9996',
      'Taxable value ₹1,000',
      'CGST @ 9% ₹90',
      'SGST @ 9% ₹90',
      'Platform fee (10%) 9996 ₹118',
      'Total (GST included) ₹1,180',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST @');
  });

  it('charges IGST alone for an event in another state than the supplier', async () => {
    const fan = await signUp(api, { name: 'Kabir Shah', location: 'Bengaluru' });
    const paid = await paidAndAccepted(fan, mumbai.id, 1180);
    const { invoice } = await invoiceOf(fan, paid.applicationId);
    expect(invoice).toMatchObject({
      place_of_supply: 'Maharashtra',
      amount: 1180,
      tax: { taxable_value: 1000, cgst: 0, sgst: 0, igst: 180 },
    });
    const text = await pdfText((await downloadPdf(fan, invoice.id)).body);
    expect(text).toContain('Maharashtra (27)');
    expect(text).toContain('Karnataka (29)'); // the recipient's state, and the supplier's
    expect(text).toContain('IGST @ 18% ₹180');
    expect(text).toContain('Total (GST included) ₹1,180');
    expect(text).not.toContain('CGST @');
  });

  it('issues a credit note per processed refund, naming the invoice it corrects', async () => {
    const fan = await signUp(api, { name: 'Ravi Menon' });
    const paid = await paidAndAccepted(fan, bengaluru.id, 500);
    const refund = await api
      .http()
      .post('/api/v1/payments/refund')
      .set(bearer(host.token))
      .send({ transactionId: paid.transactionId, amount: 200 });
    expect(refund.status).toBe(200);
    await runPendingJobs(api);

    const { invoice, credit_notes } = await invoiceOf(fan, paid.applicationId);
    expect(credit_notes).toHaveLength(1);
    const [note] = credit_notes;
    expect(note).toMatchObject({
      kind: 'credit_note',
      amount: 200,
      corrects_invoice_id: invoice.id,
      corrects_invoice_no: invoice.invoice_no,
      transaction_id: paid.transactionId,
      // 200 / 1.18 = 169.49 → 169; tax 31 → 15 + 16
      tax: { taxable_value: 169, cgst: 15, sgst: 16, igst: 0 },
    });
    expect(note!.invoice_no).toMatch(/^TRBC\/\d{4}\/\d{6}$/);
    const response = await downloadPdf(fan, note!.id);
    expect(response.headers['content-disposition']).toContain('Tribe-credit-note-TRBC-');
    const text = await pdfText(response.body);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note!.invoice_no);
    expect(text).toContain(`Against invoice: ${invoice.invoice_no} dated`);
    expect(text).toContain('Total credited (GST included) ₹200');

    // The credit note job running again (a retry, the reconciler) issues nothing more.
    const { rows } = await api.db.query<{ id: string }>('SELECT id FROM payment_refund WHERE transaction_id = $1', [paid.transactionId]);
    await api.app.get(CreditNoteIssueHandler).handle({ refundId: rows[0]!.id, outboxId: randomUUID() });
    expect((await invoiceOf(fan, paid.applicationId)).credit_notes).toHaveLength(1);
  });

  it('credits exactly the invoice once a payment is refunded in parts: the notes add up to it, tax by tax', async () => {
    const fan = await signUp(api);
    const paid = await paidAndAccepted(fan, bengaluru.id, 500);
    for (const amount of [200, 300]) {
      await api
        .http()
        .post('/api/v1/payments/refund')
        .set(bearer(host.token))
        .send({ transactionId: paid.transactionId, amount })
        .expect(200);
      await runPendingJobs(api);
    }
    const { invoice, credit_notes } = await invoiceOf(fan, paid.applicationId);
    expect(credit_notes.map((note: { amount: number }) => note.amount).sort()).toEqual([200, 300]);
    const sum = (field: 'taxable_value' | 'cgst' | 'sgst' | 'igst') =>
      credit_notes.reduce((total: number, note: { tax: Record<string, number> }) => total + note.tax[field]!, 0);
    // Invoiced 424 + 38 + 38: each part rounded on its own would credit 169 + 254 and 16 + 23 of SGST.
    expect(invoice.tax).toMatchObject({ taxable_value: sum('taxable_value'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst') });
    expect(credit_notes.find((note: { amount: number }) => note.amount === 200)!.tax).toMatchObject({
      taxable_value: 169,
      cgst: 15,
      sgst: 16,
      igst: 0,
    });
  });

  it('credits exactly the invoice when two refunds of one payment are processed at once, whichever commits first', async () => {
    const fan = await signUp(api);
    const paid = await paidAndAccepted(fan, bengaluru.id, 500);
    const refundIds: string[] = [];
    for (const amount of [200, 300]) {
      const response = await api
        .http()
        .post('/api/v1/payments/refund')
        .set(bearer(host.token))
        .send({ transactionId: paid.transactionId, amount })
        .expect(200);
      refundIds.push(response.body.refundId as string);
    }
    const [first, second] = refundIds as [string, string];
    // The first refund's outcome is held after its transaction began, while the second is recorded.
    const refunds = api.app.get(RefundsRepository);
    const record = refunds.markProcessed.bind(refunds);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = jest.spyOn(refunds, 'markProcessed').mockImplementationOnce(async (...args) => {
      await held;
      return record(...args);
    });
    const settlement = api.app.get(RefundSettlement);
    const creditNotes = api.app.get(CreditNoteIssueHandler);
    const firstDone = settlement.ask(first);
    let secondDone: Promise<unknown> = Promise.resolve();
    try {
      await waitUntil(async () => holding.mock.calls.length === 1, 'the first refund to be held');
      let secondRecorded = false;
      secondDone = settlement.ask(second).then(() => (secondRecorded = true));
      await waitUntil(async () => secondRecorded || (await waitingOnALock(api.db)), 'the second refund to be recorded or to wait');
      // A second refund recorded first would have its credit note issued before the first one commits.
      if (secondRecorded) await creditNotes.handle({ refundId: second, outboxId: randomUUID() });
    } finally {
      release();
      await Promise.all([firstDone, secondDone]);
      holding.mockRestore();
    }
    for (const refundId of [first, second]) await creditNotes.handle({ refundId, outboxId: randomUUID() });

    const { invoice, credit_notes } = await invoiceOf(fan, paid.applicationId);
    expect(credit_notes.map((note: { amount: number }) => note.amount).sort()).toEqual([200, 300]);
    const sum = (field: 'taxable_value' | 'cgst' | 'sgst' | 'igst') =>
      credit_notes.reduce((total: number, note: { tax: Record<string, number> }) => total + note.tax[field]!, 0);
    expect(invoice.tax).toMatchObject({ taxable_value: sum('taxable_value'), cgst: sum('cgst'), sgst: sum('sgst'), igst: sum('igst') });
  });

  it('issues the invoice first when the credit note job runs before it', async () => {
    const fan = await signUp(api);
    const handler = api.app.get(InvoiceIssueHandler);
    const held = jest.spyOn(handler, 'handle').mockResolvedValue(undefined);
    const paid = await paidAndAccepted(fan, bengaluru.id, 500);
    await api
      .http()
      .post('/api/v1/payments/refund')
      .set(bearer(admin.token))
      .send({ transactionId: paid.transactionId, amount: 500 })
      .expect(200);
    await runPendingJobs(api);
    held.mockRestore();
    const { invoice, credit_notes } = await invoiceOf(fan, paid.applicationId);
    expect(credit_notes).toEqual([expect.objectContaining({ corrects_invoice_id: invoice.id, amount: 500 })]);
    await handler.handle({ transactionId: paid.transactionId, outboxId: randomUUID() });
    const { rows } = await api.db.query(`SELECT count(*)::int AS n FROM invoice WHERE transaction_id = $1 AND kind = 'invoice'`, [
      paid.transactionId,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('issues one invoice however often its job runs, even all at once', async () => {
    const fan = await signUp(api);
    const paid = await paidAndAccepted(fan, bengaluru.id);
    const first = (await invoiceOf(fan, paid.applicationId)).invoice;
    const handler = api.app.get(InvoiceIssueHandler);
    await Promise.all(Array.from({ length: 5 }, () => handler.handle({ transactionId: paid.transactionId, outboxId: randomUUID() })));
    await handler.handle({ transactionId: paid.transactionId, outboxId: randomUUID() });
    const { rows } = await api.db.query<{ invoice_no: string }>(`SELECT invoice_no FROM invoice WHERE transaction_id = $1`, [
      paid.transactionId,
    ]);
    expect(rows).toEqual([{ invoice_no: first.invoice_no }]);
    await expectGapless();
  });

  it('gives a number back when the run dies after storing the PDF, and the retry reuses it', async () => {
    const fan = await signUp(api, { name: 'Crash Test' });
    const handler = api.app.get(InvoiceIssueHandler);
    const held = jest.spyOn(handler, 'handle').mockResolvedValue(undefined);
    const paid = await paidAndAccepted(fan, bengaluru.id);
    held.mockRestore();
    const { rows: before } = await api.db.query<{ last_value: number; financial_year: number }>(
      `SELECT last_value, financial_year FROM invoice_sequence WHERE kind = 'invoice' ORDER BY financial_year DESC LIMIT 1`,
    );
    const crash = jest.spyOn(api.app.get(InvoicesRepository), 'insert').mockRejectedValueOnce(new Error('worker killed'));
    await expect(handler.handle({ transactionId: paid.transactionId, outboxId: randomUUID() })).rejects.toThrow('worker killed');
    crash.mockRestore();
    const { rows: after } = await api.db.query(`SELECT last_value FROM invoice_sequence WHERE kind = 'invoice' AND financial_year = $1`, [
      before[0]!.financial_year,
    ]);
    expect(after[0].last_value).toBe(before[0]!.last_value);

    await handler.handle({ transactionId: paid.transactionId, outboxId: randomUUID() });
    const { invoice } = await invoiceOf(fan, paid.applicationId);
    expect(invoice.invoice_no).toMatch(new RegExp(`/${String(before[0]!.last_value + 1).padStart(6, '0')}$`));
    expect(await pdfText((await downloadPdf(fan, invoice.id)).body)).toContain('Crash Test');
    await expectGapless();
  });

  it('lists captured payments without an invoice, and processed refunds without a credit note, as due work', async () => {
    const fan = await signUp(api);
    const invoiceJob = api.app.get(InvoiceIssueHandler);
    const creditJob = api.app.get(CreditNoteIssueHandler);
    const heldInvoice = jest.spyOn(invoiceJob, 'handle').mockResolvedValue(undefined);
    const heldCredit = jest.spyOn(creditJob, 'handle').mockResolvedValue(undefined);
    const paid = await paidAndAccepted(fan, bengaluru.id);
    await api
      .http()
      .post('/api/v1/payments/refund')
      .set(bearer(host.token))
      .send({ transactionId: paid.transactionId, amount: 100 })
      .expect(200);
    await runPendingJobs(api);
    heldInvoice.mockRestore();
    heldCredit.mockRestore();
    const { rows } = await api.db.query<{ id: string }>('SELECT id FROM payment_refund WHERE transaction_id = $1', [paid.transactionId]);
    const refundId = rows[0]!.id;

    // Fresh work is the relay's and the running job's: due only after the grace period.
    expect(await invoiceJob.findDue(1000)).not.toContainEqual({ transactionId: paid.transactionId });
    expect(await creditJob.findDue(1000)).not.toContainEqual({ refundId });
    await api.db.query(`UPDATE payment_transaction SET state_changed_at = now() - interval '1 minute' WHERE id = $1`, [paid.transactionId]);
    await api.db.query(`UPDATE payment_refund SET processed_at = now() - interval '1 minute' WHERE id = $1`, [refundId]);
    expect(await invoiceJob.findDue(1000)).toContainEqual({ transactionId: paid.transactionId });
    expect(await creditJob.findDue(1000)).toContainEqual({ refundId });

    await creditJob.handle({ refundId, outboxId: randomUUID() });
    expect(await invoiceJob.findDue(1000)).not.toContainEqual({ transactionId: paid.transactionId });
    expect(await creditJob.findDue(1000)).not.toContainEqual({ refundId });
    // Beyond the window the reconciler no longer looks.
    await api.db.query(`UPDATE payment_transaction SET state_changed_at = now() - interval '8 days' WHERE id = $1`, [paid.transactionId]);
    expect(await invoiceJob.findDue(1000)).not.toContainEqual({ transactionId: paid.transactionId });
  });

  it('keeps numbers gapless under 20 captures invoiced at once', async () => {
    const handler = api.app.get(InvoiceIssueHandler);
    const held = jest.spyOn(handler, 'handle').mockResolvedValue(undefined);
    const event = await createEvent(api, host, { title: 'Big night', location: 'Koramangala, Bengaluru', capacity: 25 });
    const fans = await Promise.all(Array.from({ length: 20 }, (_, index) => signUp(api, { name: `Fan ${index}` })));
    const paid = [];
    for (const fan of fans) paid.push(await paidAndAccepted(fan, event.id));
    held.mockRestore();

    await Promise.all(paid.map(({ transactionId }) => handler.handle({ transactionId, outboxId: randomUUID() })));
    const { rows } = await api.db.query<{ invoice_no: string; sequence: number }>(
      `SELECT invoice_no, sequence FROM invoice WHERE transaction_id = ANY($1::uuid[]) ORDER BY sequence`,
      [paid.map((one) => one.transactionId)],
    );
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.invoice_no)).size).toBe(20);
    const sequences = rows.map((row) => row.sequence);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => sequences[0]! + index));
    await expectGapless();
  });

  it('starts a new series at 1 April 00:00 India time', async () => {
    const handler = api.app.get(InvoiceIssueHandler);
    const held = jest.spyOn(handler, 'handle').mockResolvedValue(undefined);
    const fans = await Promise.all([signUp(api), signUp(api), signUp(api), signUp(api)]);
    const paid = [];
    for (const fan of fans) paid.push(await paidAndAccepted(fan, bengaluru.id));
    held.mockRestore();

    const clock = jest.spyOn(api.app.get(InvoiceClock), 'now');
    const issue = async (at: string, transactionId: string) => {
      clock.mockReturnValue(new Date(at));
      await handler.handle({ transactionId, outboxId: randomUUID() });
      const { rows } = await api.db.query<{ invoice_no: string; created_at: Date }>(
        `SELECT invoice_no, created_at FROM invoice WHERE transaction_id = $1 AND kind = 'invoice'`,
        [transactionId],
      );
      return rows[0]!;
    };
    expect((await issue('2031-03-31T23:59:58+05:30', paid[0]!.transactionId)).invoice_no).toBe('TRB/3031/000001');
    expect((await issue('2031-03-31T23:59:59.999+05:30', paid[1]!.transactionId)).invoice_no).toBe('TRB/3031/000002');
    const april = await issue('2031-04-01T00:00:00+05:30', paid[2]!.transactionId);
    expect(april.invoice_no).toBe('TRB/3132/000001');
    expect(april.created_at.toISOString()).toBe('2031-03-31T18:30:00.000Z');
    expect((await issue('2031-04-01T09:00:00+05:30', paid[3]!.transactionId)).invoice_no).toBe('TRB/3132/000002');
    clock.mockRestore();
    await expectGapless();
  });

  describe('who may see an invoice', () => {
    let fan: SignedUp;
    let paid: { applicationId: string; transactionId: string };
    let invoice: InvoiceBody;

    beforeAll(async () => {
      fan = await signUp(api, { name: 'Private Person' });
      paid = await paidAndAccepted(fan, bengaluru.id);
      invoice = (await invoiceOf(fan, paid.applicationId)).invoice;
    });

    const endpoints = () => [
      `/api/v1/invoices/${invoice.id}`,
      `/api/v1/invoices/application/${paid.applicationId}`,
      `/api/v1/invoices/user/${fan.user.id}`,
      `/api/v1/invoices/${invoice.id}/download-url`,
      `/api/v1/invoices/${invoice.id}/download`,
    ];

    it('lets the payer, the host of the event and admins read and download it', async () => {
      for (const who of [fan, host, admin]) {
        await api.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(who.token)).expect(200);
        await api.http().get(`/api/v1/invoices/application/${paid.applicationId}`).set(bearer(who.token)).expect(200);
        await api.http().get(`/api/v1/invoices/${invoice.id}/download-url`).set(bearer(who.token)).expect(200);
        await downloadPdf(who, invoice.id);
      }
      const mine = await api.http().get(`/api/v1/invoices/user/${fan.user.id}`).set(bearer(fan.token)).expect(200);
      expect(mine.body.invoices.map((one: InvoiceBody) => one.id)).toEqual([invoice.id]);
      await api.http().get(`/api/v1/invoices/user/${fan.user.id}`).set(bearer(admin.token)).expect(200);
    });

    it('is 404 to another fan and another host on every endpoint, and tells them nothing', async () => {
      const otherFan = await signUp(api);
      const otherHost = await signUpHost(api);
      for (const who of [otherFan, otherHost, host]) {
        for (const path of endpoints()) {
          // The event's host may see the invoice, but not the fan's list of everything they paid for.
          if (who === host && !path.includes('/user/')) continue;
          const response = await api.http().get(path).set(bearer(who.token));
          expect({ path, status: response.status }).toEqual({ path, status: 404 });
          expect(JSON.stringify(response.body)).not.toContain(invoice.invoice_no);
          expect(response.headers['content-type']).toContain('application/json');
        }
      }
      const unknown = await api.http().get(`/api/v1/invoices/${randomUUID()}`).set(bearer(otherFan.token)).expect(404);
      const forbidden = await api.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(otherFan.token)).expect(404);
      expect(forbidden.body).toEqual(unknown.body);
      const noApplication = await api.http().get(`/api/v1/invoices/application/${randomUUID()}`).set(bearer(otherFan.token)).expect(404);
      const notTheirs = await api.http().get(`/api/v1/invoices/application/${paid.applicationId}`).set(bearer(otherFan.token)).expect(404);
      expect(notTheirs.body).toEqual(noApplication.body);
      expect(notTheirs.body.error).toBe(NOT_YET);
    });

    it('is 401 to a guest on every endpoint', async () => {
      for (const path of endpoints()) {
        const response = await api.http().get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 401 });
        expect(JSON.stringify(response.body)).not.toContain(invoice.invoice_no);
      }
    });

    it('serves a signed link without a token until it expires, and refuses a tampered or expired one', async () => {
      const { body } = await api.http().get(`/api/v1/invoices/${invoice.id}/download-url`).set(bearer(fan.token)).expect(200);
      expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan((api.config.INVOICE_URL_TTL_SECONDS - 5) * 1000);
      const signed = pathOf(body.download_url);
      const ok = await fetchFile(signed);
      expect(ok.status).toBe(200);
      expect(ok.headers['content-type']).toBe('application/pdf');
      expect(ok.headers['content-disposition']).toContain(`Tribe-invoice-${invoice.invoice_no.replaceAll('/', '-')}.pdf`);
      expect(await pdfText(ok.body)).toContain(invoice.invoice_no);

      const other = (await invoiceOf(admin, (await paidAndAccepted(await signUp(api), bengaluru.id)).applicationId)).invoice;
      const url = new URL(body.download_url);
      const signature = url.searchParams.get('signature')!;
      const flipped = `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;
      const expires = url.searchParams.get('expires')!;
      const tampered = [
        `/api/v1/invoices/${invoice.id}/file?expires=${expires}&signature=${flipped}`,
        `/api/v1/invoices/${invoice.id}/file?expires=${Number(expires) + 86_400}&signature=${signature}`,
        `/api/v1/invoices/${other.id}/file?expires=${expires}&signature=${signature}`,
        `/api/v1/invoices/${invoice.id}/file?expires=${expires}`,
        `/api/v1/invoices/${invoice.id}/file`,
      ];
      const expired = signInvoiceLink(api.config.INVOICE_URL_SECRET, invoice.id, new Date(Date.now() - 3_600_000), 60).path;
      for (const path of [...tampered, expired]) {
        const response = await api.http().get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 403 });
        expect(response.body).toEqual({ error: expect.any(String), code: 'invoice_link_invalid' });
      }
    });

    it('keeps the invoice when the payer deletes their account, as the law requires', async () => {
      await api.http().delete('/api/v1/users/me').set(bearer(fan.token)).expect(200);
      await runPendingJobs(api);
      const { rows } = await api.db.query<{ erased_at: Date | null; name: string }>('SELECT erased_at, name FROM users WHERE id = $1', [
        fan.user.id,
      ]);
      expect(rows[0]!.erased_at).not.toBeNull();
      expect(rows[0]!.name).not.toBe('Private Person');
      const kept = await api.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(admin.token)).expect(200);
      expect(kept.body).toMatchObject({ invoice_no: invoice.invoice_no, recipient_name: 'Private Person' });
      expect(await pdfText((await downloadPdf(admin, invoice.id)).body)).toContain('Private Person');
      await api.http().get(`/api/v1/invoices/${invoice.id}`).set(bearer(host.token)).expect(200);
    });
  });
});
