import { Column, Entity, PrimaryColumn } from 'typeorm';
import { type InvoiceKind } from '../../../contracts/invoices.contract.js';

/** The last number issued in one series: a financial year and a kind (invoice or credit note). */
@Entity('invoice_sequence')
export class InvoiceSequence {
  @PrimaryColumn('integer')
  financialYear: number;

  @PrimaryColumn('text')
  kind: InvoiceKind;

  @Column('integer')
  lastValue: number;
}
