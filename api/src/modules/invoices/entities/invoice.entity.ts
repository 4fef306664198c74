import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type InvoiceKind } from '../../../contracts/invoices.contract.js';

/**
 * One issued tax invoice or credit note: a snapshot of what its PDF prints (migration
 * 1763700900000). Never updated and never deleted: the law keeps invoices after the account goes.
 */
@Entity('invoice')
export class Invoice {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  kind: InvoiceKind;

  /** TRB/2627/000042; unique. */
  @Column('text')
  invoiceNo: string;

  /** The calendar year the financial year starts in (2026 for 2026-27). */
  @Column('integer')
  financialYear: number;

  /** Its place in the series of (financialYear, kind), from 1 without gaps. */
  @Column('integer')
  sequence: number;

  @Column('uuid')
  transactionId: string;

  /** The refund a credit note records; null on invoices. */
  @Column({ type: 'uuid', nullable: true })
  refundId: string | null;

  /** The invoice a credit note corrects; null on invoices. */
  @Column({ type: 'uuid', nullable: true })
  correctsInvoiceId: string | null;

  @Column({ type: 'uuid', nullable: true })
  applicationId: string | null;

  @Column('uuid')
  payerId: string;

  @Column('uuid')
  hostId: string;

  @Column('uuid')
  eventId: string;

  @Column('text')
  eventTitle: string;

  @Column({ type: 'timestamptz', nullable: true })
  eventDate: Date | null;

  @Column({ type: 'text', nullable: true })
  eventLocation: string | null;

  @Column('text')
  recipientName: string;

  @Column({ type: 'text', nullable: true })
  recipientState: string | null;

  @Column('text')
  placeOfSupply: string;

  @Column({ type: 'text', nullable: true })
  placeOfSupplyCode: string | null;

  @Column('text')
  supplierName: string;

  @Column('text')
  supplierGstin: string;

  @Column('text')
  supplierState: string;

  /** Percent (numeric(5,2)); read as a number by the repository. */
  @Column({ type: 'numeric', precision: 5, scale: 2 })
  gstRate: number;

  @Column({ type: 'numeric', precision: 5, scale: 2 })
  platformFeeRate: number;

  /** Whole rupees, as every amount here: taxableValue + cgst + sgst + igst = total. */
  @Column('integer')
  taxableValue: number;

  @Column('integer')
  cgst: number;

  @Column('integer')
  sgst: number;

  @Column('integer')
  igst: number;

  @Column('integer')
  platformFee: number;

  @Column('integer')
  total: number;

  @Column('text')
  storageKey: string;

  /** The document's date: when it was issued. */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
