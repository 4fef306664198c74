import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type PayoutStatus } from '../../../contracts/payouts.contract.js';

/** Money an admin records for a host against one event: pending, then paid with the transfer's reference. */
@Entity('payout')
export class Payout {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  hostId: string;

  @Column('uuid')
  eventId: string;

  /** Whole rupees. */
  @Column('integer')
  amount: number;

  @Column({ type: 'text', default: 'pending' })
  status: PayoutStatus;

  @Column({ type: 'text', nullable: true })
  reference: string | null;

  @Column('uuid')
  createdBy: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'uuid', nullable: true })
  paidBy: string | null;
}
