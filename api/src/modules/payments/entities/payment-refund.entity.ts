import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * pending: not yet accepted by the provider (the refund job sends it); sent: accepted, not yet
 * processed (its money stays reserved); processed or failed: the provider's last word.
 */
export type RefundStatus = 'pending' | 'sent' | 'processed' | 'failed';

/** Part or all of a captured payment given back; its id is the provider's idempotency key. */
@Entity('payment_refund')
export class PaymentRefund {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  transactionId: string;

  /** Whole rupees. */
  @Column('integer')
  amount: number;

  @Column({ type: 'text', default: 'pending' })
  status: RefundStatus;

  @Column({ type: 'text', nullable: true })
  providerRefundId: string | null;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ type: 'uuid', nullable: true })
  requestedBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  /** When the provider last said a sent refund was still being processed. */
  @Column({ type: 'timestamptz', nullable: true })
  checkedAt: Date | null;

  /** An admin returned this money outside Tribe (a bank transfer): its reference. Processed, with no provider refund. */
  @Column({ type: 'text', nullable: true })
  outsideReference: string | null;
}
