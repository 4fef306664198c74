import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A domain event written in the same transaction as the state change it describes. */
@Entity('outbox_event')
@Index('outbox_event_pending_type_idx', ['type', 'createdAt'], { where: 'published_at IS NULL AND rejected_at IS NULL' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  type: string;

  @Column('jsonb')
  payload: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  /** Set when the relay refused the payload (it failed its schema); the row is never published. */
  @Column({ type: 'timestamptz', nullable: true })
  rejectedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  rejection: string | null;

  /** The request that recorded the event, for following it into the jobs' logs. */
  @Column({ type: 'text', nullable: true })
  requestId: string | null;
}
