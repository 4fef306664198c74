import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const DEVICE_KINDS = ['fcm', 'webpush'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Somewhere a person's pushes go: the mobile app's FCM token, or a browser's Web Push subscription. */
@Entity('push_device')
export class PushDevice {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @Column('text')
  kind: DeviceKind;

  /** The FCM registration token, or the Web Push endpoint. */
  @Column('text')
  token: string;

  @Column({ type: 'text', nullable: true })
  p256dh: string | null;

  @Column({ type: 'text', nullable: true })
  auth: string | null;

  /** The sign-in it was registered under: signing out removes it. */
  @Column({ type: 'uuid', nullable: true })
  sessionId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz' })
  registeredAt: Date;
}
