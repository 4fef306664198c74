import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type NotificationType } from '../notification-types.js';

/** An in-app notification (SPEC §3): who it is for, what happened, and whether they have read it. */
@Entity('notification')
export class Notification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @Column('text')
  type: NotificationType;

  @Column({ type: 'uuid', nullable: true })
  eventId: string | null;

  @Column({ type: 'text', nullable: true })
  eventTitle: string | null;

  @Column({ type: 'uuid', nullable: true })
  applicationId: string | null;

  @Column({ type: 'uuid', nullable: true })
  fanId: string | null;

  @Column({ type: 'integer', nullable: true })
  amount: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
