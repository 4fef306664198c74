import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { type Audience } from '../../../contracts/admin-notifications.contract.js';
import { type AdminNotificationType } from '../../../contracts/notification-types.js';

export type AdminNotificationStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';

/** An admin's announcement: who it goes to, and when. Each recipient gets a notification row. */
@Entity('admin_notification')
export class AdminNotification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  createdBy: string;

  @Column('text')
  type: AdminNotificationType;

  @Column('text')
  title: string;

  @Column('text')
  body: string;

  @Column({ type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @Column('jsonb')
  audience: Audience;

  @Column({ type: 'timestamptz' })
  sendAt: Date;

  @Column({ type: 'text', default: 'scheduled' })
  status: AdminNotificationStatus;

  @Column({ type: 'integer', nullable: true })
  recipientCount: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
