import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { type InvoiceKind } from '../../contracts/invoices.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { STORAGE, type StoragePort } from '../../platform/providers/storage/storage.port.js';
import { EventAdmission } from '../events/event-admission.service.js';
import { indianState, stateFromLocation } from '../events/state.js';
import { PaymentsService } from '../payments/payments.service.js';
import { TransactionApplications } from '../payments/transaction-applications.port.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { splitGst, subtractSplits } from './gst.js';
import { InvoiceClock } from './invoice-clock.js';
import { invoiceStorageKey } from './invoice-links.js';
import { financialYearOf, formatInvoiceNumber } from './invoice-number.js';
import { renderInvoicePdf, type InvoicePdfContent } from './invoice-pdf.js';
import { type InvoiceRecord, InvoicesRepository, type NewInvoice } from './invoices.repository.js';
import { isIntraState, placeOfSupply } from './place-of-supply.js';

/** Everything a document prints except what issuing it decides: its number, date and storage key. */
type Draft = Omit<NewInvoice, 'invoiceNo' | 'financialYear' | 'sequence' | 'storageKey' | 'createdAt'>;

interface Issue {
  draft: Draft;
  /** Printed, not stored: the event's description (invoices only). */
  eventDescription: string | null;
  /** On a credit note: the invoice it corrects. */
  corrects?: InvoiceRecord;
  /** The document this one would duplicate, if another run issued it first. */
  alreadyIssued: (runner: DataSource | EntityManager) => Promise<InvoiceRecord | undefined>;
}

/** Unwinds the issuing transaction (and the number it took) because another run issued the document. */
class AlreadyIssued extends Error {
  constructor(readonly invoice: InvoiceRecord) {
    super('already issued');
  }
}

/** The financial year turned while the issuing transaction waited for its number: take one in the new year. */
class YearTurned extends Error {}

const RECIPIENT_FALLBACK_NAME = 'Tribe member';

/**
 * Issues tax invoices (one per captured payment) and credit notes (one per processed refund), in the
 * workers. Idempotent: a document that exists is returned as it is, whatever the retries.
 *
 * **The number, the PDF and the row are made in one transaction, on purpose.** The transaction takes
 * the next number of its series (`invoice_sequence`, an UPDATE that locks the series' row until the
 * commit), renders the PDF, stores it under a key derived from the number, inserts the row and
 * commits. So:
 * - numbers have no gaps: a run that fails anywhere (render, storage, insert, a crash) rolls the
 *   number back, and the next document takes it;
 * - no row ever points at a file that was not stored (the insert comes after the upload), and a file
 *   stored by a run that then died is overwritten when its number is issued again (same key), so it
 *   never stays as an orphan under a number that means something else;
 * - two runs for the same payment cannot both issue: the second waits for the series lock, then
 *   sees the first one's invoice and rolls back (the unique indexes stay as the backstop).
 * The price is that documents of one series are issued one at a time, render and upload included,
 * while the lock is held: a render is about 6 ms (a pre-parsed font, a one-page PDF), and one workers
 * process issued 62–69 invoices a second unpaced on local disk, over three times the 20 the product
 * needs (docs/performance.md, "Invoices"; the queue is paced at 40 a second). Everything else (reading
 * the payment, the event, the payer) happens before the transaction, and never on a second pool
 * connection while the lock is held. A store with a slow upload (S3 across a region) lowers that
 * ceiling to 1 / upload time: docs/decisions.md "Invoices (issue 9)".
 */
@Injectable()
export class InvoiceIssuer {
  private readonly logger = new Logger(InvoiceIssuer.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoicesRepository,
    private readonly payments: PaymentsService,
    private readonly events: EventAdmission,
    private readonly users: UserAccounts,
    private readonly applications: TransactionApplications,
    private readonly clock: InvoiceClock,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The tax invoice of a captured payment, issued now if it was not yet; undefined when nothing was captured. */
  async issueInvoice(transactionId: string): Promise<InvoiceRecord | undefined> {
    const existing = await this.invoices.invoiceForTransaction(transactionId);
    if (existing) return existing;
    const transaction = await this.payments.find(transactionId);
    if (!transaction || transaction.capturedAmount <= 0 || (transaction.state !== 'captured' && transaction.state !== 'refunded')) {
      this.logger.warn({ transactionId, state: transaction?.state }, 'no captured payment to invoice');
      return undefined;
    }
    const [event, payer, applicationIds] = await Promise.all([
      this.events.invoiceSubject(transaction.eventId),
      this.users.invoiceRecipient(transaction.payerId),
      this.applications.applicationIdsFor([transactionId]),
    ]);
    if (!event) throw new Error(`The event ${transaction.eventId} of transaction ${transactionId} does not exist`);

    const config = this.config;
    const recipientState = stateFromLocation(payer?.location);
    const place = placeOfSupply(event, recipientState, config.SUPPLIER_STATE);
    const supplierState = indianState(config.SUPPLIER_STATE)?.name ?? config.SUPPLIER_STATE.trim();
    const intraState = isIntraState(place.name, supplierState);
    // The rate the payment was captured at, which its event's payout works with too.
    const platformFeePercent = await this.payments.platformFeeRateOf(transaction, config.PLATFORM_FEE_PERCENT);
    const amounts = splitGst({
      total: transaction.capturedAmount,
      gstRatePercent: config.GST_RATE_PERCENT,
      platformFeePercent,
      intraState,
    });
    return this.issue({
      draft: {
        kind: 'invoice',
        transactionId,
        refundId: null,
        correctsInvoiceId: null,
        applicationId: applicationIds.get(transactionId) ?? null,
        payerId: transaction.payerId,
        hostId: event.hostId,
        eventId: event.id,
        eventTitle: event.title,
        eventDate: event.date,
        eventLocation: event.location,
        recipientName: payer?.name?.trim() || RECIPIENT_FALLBACK_NAME,
        recipientState: recipientState?.name ?? null,
        placeOfSupply: place.name,
        placeOfSupplyCode: place.code,
        supplierName: config.SUPPLIER_NAME,
        supplierGstin: config.SUPPLIER_GSTIN,
        supplierState,
        gstRate: config.GST_RATE_PERCENT,
        platformFeeRate: platformFeePercent,
        taxableValue: amounts.taxableValue,
        cgst: amounts.cgst,
        sgst: amounts.sgst,
        igst: amounts.igst,
        platformFee: amounts.platformFee,
        total: amounts.total,
      },
      eventDescription: event.description,
      alreadyIssued: (runner) => this.invoices.invoiceForTransaction(transactionId, runner),
    });
  }

  /**
   * The credit note of a processed refund, issued now if it was not yet (and the invoice it corrects
   * first, if that job has not run yet); undefined when the refund was not processed.
   */
  async issueCreditNote(refundId: string): Promise<InvoiceRecord | undefined> {
    const existing = await this.invoices.creditNoteForRefund(refundId);
    if (existing) return existing;
    const refund = await this.payments.findRefund(refundId);
    if (refund?.status !== 'processed') {
      this.logger.warn({ refundId, status: refund?.status }, 'no processed refund to credit');
      return undefined;
    }
    const invoice = await this.issueInvoice(refund.transactionId);
    if (!invoice) throw new Error(`Refund ${refundId} returns money of transaction ${refund.transactionId}, which has no invoice`);
    // The credit note reverses part of that invoice: its rates, its states, its people. Its amounts
    // are what the refunds so far reverse less what the earlier ones did, so the credit notes of a
    // payment refunded in parts add up to exactly its invoice, rupee for rupee.
    const split = (total: number) =>
      splitGst({
        total,
        gstRatePercent: invoice.gstRate,
        platformFeePercent: invoice.platformFeeRate,
        intraState: isIntraState(invoice.placeOfSupply, invoice.supplierState),
      });
    const before = await this.payments.refundedBefore(refund);
    const amounts = subtractSplits(split(before + refund.amount), split(before));
    const {
      id: _id,
      correctsInvoiceNo: _no,
      invoiceNo: _in,
      financialYear: _fy,
      sequence: _s,
      storageKey: _k,
      createdAt: _c,
      ...snapshot
    } = invoice;
    return this.issue({
      draft: {
        ...snapshot,
        kind: 'credit_note',
        refundId,
        correctsInvoiceId: invoice.id,
        taxableValue: amounts.taxableValue,
        cgst: amounts.cgst,
        sgst: amounts.sgst,
        igst: amounts.igst,
        platformFee: amounts.platformFee,
        total: amounts.total,
      },
      eventDescription: null,
      corrects: invoice,
      alreadyIssued: (runner) => this.invoices.creditNoteForRefund(refundId, runner),
    });
  }

  private async issue(issue: Issue): Promise<InvoiceRecord> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const id = await this.dataSource.transaction((tx) => this.issueIn(tx, issue));
        const issued = (await this.invoices.find(id))!;
        this.logger.log({ invoiceNo: issued.invoiceNo, kind: issued.kind, transactionId: issued.transactionId }, 'document issued');
        return issued;
      } catch (error) {
        if (error instanceof AlreadyIssued) return error.invoice;
        if (error instanceof YearTurned && attempt < 3) continue;
        if (uniqueViolation(error)) {
          // The backstop: a run the series lock could not order (another financial year's series).
          const existing = await issue.alreadyIssued(this.dataSource);
          if (existing) return existing;
        }
        throw error;
      }
    }
  }

  private async issueIn(tx: EntityManager, { draft, eventDescription, corrects, alreadyIssued }: Issue): Promise<string> {
    const financialYear = financialYearOf(this.clock.now());
    const sequence = await this.invoices.nextSequence(tx, financialYear, draft.kind);
    // The document's date is when it got its number; the lock may have been waited for.
    const issuedAt = this.clock.now();
    if (financialYearOf(issuedAt) !== financialYear) throw new YearTurned();
    // Every other issue of this series waits behind the lock now, so this check cannot race.
    const existing = await alreadyIssued(tx);
    if (existing) throw new AlreadyIssued(existing);

    const invoiceNo = formatInvoiceNumber(this.config.INVOICE_PREFIX, draft.kind, financialYear, sequence);
    const storageKey = invoiceStorageKey(this.config.INVOICE_URL_SECRET, invoiceNo);
    const row: NewInvoice = { ...draft, invoiceNo, financialYear, sequence, storageKey, createdAt: issuedAt };
    const pdf = await renderInvoicePdf(this.pdfContent(row, eventDescription, corrects));
    await this.storage.put(storageKey, pdf, {
      contentType: 'application/pdf',
      bytes: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    return this.invoices.insert(tx, row);
  }

  private pdfContent(row: NewInvoice, eventDescription: string | null, corrects: InvoiceRecord | undefined): InvoicePdfContent {
    return {
      kind: row.kind as InvoiceKind,
      invoiceNo: row.invoiceNo,
      issuedAt: row.createdAt,
      supplier: {
        name: row.supplierName,
        address: this.config.SUPPLIER_ADDRESS,
        gstin: row.supplierGstin,
        state: row.supplierState,
        stateCode: indianState(row.supplierState)?.code ?? null,
      },
      recipient: { name: row.recipientName, state: row.recipientState, stateCode: indianState(row.recipientState)?.code ?? null },
      placeOfSupply: { state: row.placeOfSupply, code: row.placeOfSupplyCode },
      event: { title: row.eventTitle, description: eventDescription, date: row.eventDate, location: row.eventLocation },
      amounts: {
        total: row.total,
        taxableValue: row.taxableValue,
        cgst: row.cgst,
        sgst: row.sgst,
        igst: row.igst,
        platformFee: row.platformFee,
      },
      intraState: isIntraState(row.placeOfSupply, row.supplierState),
      gstRatePercent: row.gstRate,
      platformFeePercent: row.platformFeeRate,
      corrects: corrects ? { invoiceNo: corrects.invoiceNo, issuedAt: corrects.createdAt } : undefined,
    };
  }
}
