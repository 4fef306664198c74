import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * How a host gets paid. The account number, PAN and UPI id are sealed (kyc-cipher.ts); the masked
 * view is made from the last-4 columns and the UPI mask, so showing the profile opens nothing.
 */
@Entity('host_payment_profile')
export class HostPaymentProfile {
  @PrimaryColumn('uuid')
  hostId: string;

  @Column('text')
  legalName: string;

  @Column('text')
  state: string;

  @Column({ type: 'text', nullable: true })
  gstin: string | null;

  @Column('text')
  panSealed: string;

  @Column('text')
  panLast4: string;

  @Column({ type: 'text', nullable: true })
  accountNumberSealed: string | null;

  @Column({ type: 'text', nullable: true })
  accountNumberLast4: string | null;

  @Column({ type: 'text', nullable: true })
  ifsc: string | null;

  @Column({ type: 'text', nullable: true })
  upiIdSealed: string | null;

  @Column({ type: 'text', nullable: true })
  upiIdMasked: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
