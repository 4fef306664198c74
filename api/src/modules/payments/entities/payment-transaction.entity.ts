import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type TransactionState } from '../transaction-state.js';

/** One checkout attempt: an order at the provider, its payment, and where the money stands. */
@Entity('payment_transaction')
export class PaymentTransaction {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  payerId: string;

  @Column('uuid')
  eventId: string;

  /** Chosen by the client once per attempt: the same again finds this order. */
  @Column('text')
  tempBidId: string;

  @Column('text')
  provider: string;

  @Column({ type: 'text', nullable: true })
  orderId: string | null;

  @Column({ type: 'text', nullable: true })
  paymentId: string | null;

  @Column({ type: 'text', nullable: true })
  signature: string | null;

  /** Whole rupees. */
  @Column('integer')
  amount: number;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', default: 'created' })
  state: TransactionState;

  @Column({ type: 'integer', default: 0 })
  capturedAmount: number;

  /** The platform fee rate (percent) when it was captured: its invoice's and its payout's. Null before, and for payments captured before it was kept. */
  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true })
  platformFeeRate: number | null;

  /** Refunds requested so far (pending or processed): never more than capturedAmount. */
  @Column({ type: 'integer', default: 0 })
  refundedAmount: number;

  @Column({ type: 'text', nullable: true })
  failureReason: string | null;

  /** When a request last took on creating the provider order (a lapsed claim may be taken over). */
  @Column('timestamptz')
  orderClaimedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  authorizedAt: Date | null;

  @Column('timestamptz')
  stateChangedAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
