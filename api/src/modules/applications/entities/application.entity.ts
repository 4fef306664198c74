import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { type ApplicationStatus } from '../../../contracts/applications.contract.js';
import { type CancellationPolicy } from '../../../contracts/cancellation-policy.js';

/** A fan's application (bid) to an event, made from an authorised payment or, for a free event, directly. */
@Entity('application')
export class Application {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  eventId: string;

  @Column('uuid')
  fanId: string;

  @Column({ type: 'uuid', nullable: true })
  transactionId: string | null;

  /** Whole rupees: what the fan offered (and authorised). */
  @Column({ type: 'integer', default: 0 })
  bidAmount: number;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ type: 'text', default: 'pending' })
  status: ApplicationStatus;

  /** When the payment was authorised: the capture window runs from here. */
  @Column({ type: 'timestamptz', nullable: true })
  paymentAuthorizedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  /** The event's cancellation policy when the fan joined: what leaving gives back. */
  @Column({ type: 'text', default: 'full_refund_24h' })
  cancellationPolicy: CancellationPolicy;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
