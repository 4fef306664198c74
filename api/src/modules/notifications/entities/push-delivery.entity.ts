import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { type DeviceKind } from './push-device.entity.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'pruned'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One notification to one device. Pending until a delivery job sends it; pruned when the provider
 * says the device is gone; failed when the last attempt failed (an admin may retry those).
 */
@Entity('push_delivery')
export class PushDelivery {
  @PrimaryColumn('uuid')
  notificationId: string;

  @PrimaryColumn('uuid')
  deviceId: string;

  /** The delivery job that sends it. */
  @Column('uuid')
  batchId: string;

  @Column('text')
  kind: DeviceKind;

  @Column({ type: 'text', default: 'pending' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
