import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type InvoiceKind } from '../../contracts/invoices.contract.js';
import { queryRows } from '../../platform/database/returning.js';
import { type Invoice } from './entities/invoice.entity.js';

/** An invoice as the module reads it: the row, and the number of the invoice a credit note corrects. */
export interface InvoiceRecord extends Invoice {
  correctsInvoiceNo: string | null;
}

export type NewInvoice = Omit<Invoice, 'id'>;

type Runner = DataSource | EntityManager;

/** Every column of `i` as the entity names it; numeric rates come back as numbers. */
const COLUMNS = `i.id, i.kind, i.invoice_no AS "invoiceNo", i.financial_year AS "financialYear", i.sequence,
  i.transaction_id AS "transactionId", i.refund_id AS "refundId", i.corrects_invoice_id AS "correctsInvoiceId",
  i.application_id AS "applicationId", i.payer_id AS "payerId", i.host_id AS "hostId", i.event_id AS "eventId",
  i.event_title AS "eventTitle", i.event_date AS "eventDate", i.event_location AS "eventLocation",
  i.recipient_name AS "recipientName", i.recipient_state AS "recipientState", i.place_of_supply AS "placeOfSupply",
  i.place_of_supply_code AS "placeOfSupplyCode", i.supplier_name AS "supplierName", i.supplier_gstin AS "supplierGstin",
  i.supplier_state AS "supplierState", i.gst_rate::float8 AS "gstRate", i.platform_fee_rate::float8 AS "platformFeeRate",
  i.taxable_value AS "taxableValue", i.cgst, i.sgst, i.igst, i.platform_fee AS "platformFee", i.total,
  i.storage_key AS "storageKey", i.created_at AS "createdAt"`;

const SELECT = `SELECT ${COLUMNS}, c.invoice_no AS "correctsInvoiceNo"
  FROM invoice i LEFT JOIN invoice c ON c.id = i.corrects_invoice_id`;

/** Insert order of the columns, and how each is named in SQL. */
const INSERTED: Array<[keyof NewInvoice, string]> = [
  ['kind', 'kind'],
  ['invoiceNo', 'invoice_no'],
  ['financialYear', 'financial_year'],
  ['sequence', 'sequence'],
  ['transactionId', 'transaction_id'],
  ['refundId', 'refund_id'],
  ['correctsInvoiceId', 'corrects_invoice_id'],
  ['applicationId', 'application_id'],
  ['payerId', 'payer_id'],
  ['hostId', 'host_id'],
  ['eventId', 'event_id'],
  ['eventTitle', 'event_title'],
  ['eventDate', 'event_date'],
  ['eventLocation', 'event_location'],
  ['recipientName', 'recipient_name'],
  ['recipientState', 'recipient_state'],
  ['placeOfSupply', 'place_of_supply'],
  ['placeOfSupplyCode', 'place_of_supply_code'],
  ['supplierName', 'supplier_name'],
  ['supplierGstin', 'supplier_gstin'],
  ['supplierState', 'supplier_state'],
  ['gstRate', 'gst_rate'],
  ['platformFeeRate', 'platform_fee_rate'],
  ['taxableValue', 'taxable_value'],
  ['cgst', 'cgst'],
  ['sgst', 'sgst'],
  ['igst', 'igst'],
  ['platformFee', 'platform_fee'],
  ['total', 'total'],
  ['storageKey', 'storage_key'],
  ['createdAt', 'created_at'],
];

/** The invoice and invoice_sequence tables, all of their SQL. */
@Injectable()
export class InvoicesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The next number of a series, inside the caller's transaction. The row stays locked until that
   * transaction ends, so issuing in one series is serialised, and a rollback gives the number back.
   */
  async nextSequence(tx: EntityManager, financialYear: number, kind: InvoiceKind): Promise<number> {
    const [row] = await queryRows<{ lastValue: number }>(
      tx,
      `INSERT INTO invoice_sequence (financial_year, kind, last_value) VALUES ($1, $2, 1)
       ON CONFLICT (financial_year, kind) DO UPDATE SET last_value = invoice_sequence.last_value + 1
       RETURNING last_value AS "lastValue"`,
      [financialYear, kind],
    );
    return row!.lastValue;
  }

  async insert(tx: EntityManager, invoice: NewInvoice): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO invoice (${INSERTED.map(([, column]) => column).join(', ')})
       VALUES (${INSERTED.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
      INSERTED.map(([property]) => invoice[property]),
    );
    return row!.id;
  }

  find(id: string, runner: Runner = this.dataSource): Promise<InvoiceRecord | undefined> {
    return this.one('i.id = $1', [id], runner);
  }

  invoiceForTransaction(transactionId: string, runner: Runner = this.dataSource): Promise<InvoiceRecord | undefined> {
    return this.one(`i.transaction_id = $1 AND i.kind = 'invoice'`, [transactionId], runner);
  }

  creditNoteForRefund(refundId: string, runner: Runner = this.dataSource): Promise<InvoiceRecord | undefined> {
    return this.one('i.refund_id = $1', [refundId], runner);
  }

  invoiceForApplication(applicationId: string): Promise<InvoiceRecord | undefined> {
    return this.one(`i.application_id = $1 AND i.kind = 'invoice'`, [applicationId]);
  }

  /** The credit notes correcting an invoice, oldest first. */
  creditNotesFor(invoiceId: string): Promise<InvoiceRecord[]> {
    return queryRows<InvoiceRecord>(this.dataSource, `${SELECT} WHERE i.corrects_invoice_id = $1 ORDER BY i.created_at, i.sequence`, [
      invoiceId,
    ]);
  }

  /** Every document the person paid for, newest first. */
  listForPayer(payerId: string, limit: number): Promise<InvoiceRecord[]> {
    return queryRows<InvoiceRecord>(this.dataSource, `${SELECT} WHERE i.payer_id = $1 ORDER BY i.created_at DESC, i.kind LIMIT $2`, [
      payerId,
      limit,
    ]);
  }

  /** Which of these transactions have their invoice. */
  async invoicedTransactions(transactionIds: readonly string[]): Promise<Set<string>> {
    if (transactionIds.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT transaction_id AS id FROM invoice WHERE kind = 'invoice' AND transaction_id = ANY($1::uuid[])`,
      [transactionIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  /** Which of these refunds have their credit note. */
  async creditNotedRefunds(refundIds: readonly string[]): Promise<Set<string>> {
    if (refundIds.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT refund_id AS id FROM invoice WHERE refund_id = ANY($1::uuid[])`,
      [refundIds],
    );
    return new Set(rows.map((row) => row.id));
  }

  private async one(where: string, params: unknown[], runner: Runner = this.dataSource): Promise<InvoiceRecord | undefined> {
    const [row] = await queryRows<InvoiceRecord>(runner, `${SELECT} WHERE ${where}`, params);
    return row;
  }
}
