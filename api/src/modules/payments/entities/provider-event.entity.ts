import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider webhook event, kept once by its id and once by its subject: a repeat or a replay changes nothing. */
@Entity('provider_event')
export class ProviderEvent {
  @PrimaryColumn('text')
  id: string;

  /** The event type with its payment or refund id (webhook-envelope.ts); null on rows from before it was kept. */
  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column('text')
  provider: string;

  @Column('text')
  type: string;

  @Column('jsonb')
  payload: unknown;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}
