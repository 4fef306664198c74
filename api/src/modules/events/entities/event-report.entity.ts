import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type EventReportStatus = 'open' | 'resolved' | 'dismissed';

/** A signed-in person's report of an event, waiting for admin moderation. */
@Entity('event_report')
export class EventReport {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  eventId: string;

  @Column('uuid')
  reporterId: string;

  @Column('text')
  reason: string;

  @Column({ type: 'text', default: 'open' })
  status: EventReportStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @Column({ type: 'uuid', nullable: true })
  resolvedBy: string | null;
}
