import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { bigintAsNumber } from '../../../platform/database/bigint-number.js';

export type MediaKind = 'image' | 'video';
/** `processing` is internal (a worker holds the claim); the API shows it as pending. */
export type VariantsStatus = 'pending' | 'processing' | 'ready' | 'failed';

export interface MediaVariant {
  width: number;
  height: number;
  key: string;
  bytes: number;
}

/** One uploaded file. URLs are not stored: they are built from the key, so the host can change. */
@Entity('media')
export class Media {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  ownerId: string;

  @Column('text')
  kind: MediaKind;

  @Column('text')
  storageKey: string;

  @Column('text')
  contentType: string;

  @Column({ type: 'bigint', transformer: bigintAsNumber })
  bytes: number;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  variants: MediaVariant[];

  @Column({ type: 'text', default: 'pending' })
  variantsStatus: VariantsStatus;

  @Column({ type: 'timestamptz', nullable: true })
  variantsClaimedAt: Date | null;

  /** Kept after its owner's account was erased, because an event they hosted still shows it. */
  @Column({ type: 'timestamptz', nullable: true })
  retainedAt: Date | null;

  /** When the sweep of unused uploads last found it in use (or put it off); it looks again a grace period later. */
  @Column({ type: 'timestamptz', nullable: true })
  sweepCheckedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
