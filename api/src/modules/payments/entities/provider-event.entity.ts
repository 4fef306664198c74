import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A provider webhook event, kept once by its id: a repeated delivery finds it and changes nothing. */
@Entity('provider_event')
export class ProviderEvent {
  @PrimaryColumn('text')
  id: string;

  @Column('text')
  provider: string;

  @Column('text')
  type: string;

  @Column('jsonb')
  payload: unknown;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;
}
