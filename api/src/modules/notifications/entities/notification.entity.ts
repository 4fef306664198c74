import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, VirtualColumn } from 'typeorm';
import { type NotificationType } from '../../../contracts/notification-types.js';

/** An in-app notification (SPEC §3): who it is for, what happened, and whether they have read it. */
/** The fan's current name, for a notification row under `alias` (the entity and the push query read it alike). */
export const fanNameOf = (alias: string) => `(SELECT name FROM users WHERE id = ${alias}.fan_id)`;

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

  /** The fan's name as it is now (read with the row, never stored: a renamed or erased account shows as it is). */
  @VirtualColumn({ type: 'text', query: fanNameOf })
  fanName: string | null;

  @Column({ type: 'integer', nullable: true })
  amount: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  /** An admin's own words (admin types); event-side types are worded from their fields. */
  @Column({ type: 'text', nullable: true })
  title: string | null;

  @Column({ type: 'text', nullable: true })
  body: string | null;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  @Column({ type: 'text', nullable: true })
  imageUrl: string | null;

  /** The admin announcement it is a copy of. */
  @Column({ type: 'uuid', nullable: true })
  campaignId: string | null;

  /** Makes a notification that must be sent once (a reminder) unique per person. */
  @Column({ type: 'text', nullable: true })
  dedupeKey: string | null;

  /** When the person opened what it links to (from the inbox or a push). */
  @Column({ type: 'timestamptz', nullable: true })
  openedAt: Date | null;

  /** Deleted from the inbox; kept for the delivery figures. */
  @Column({ type: 'timestamptz', nullable: true })
  dismissedAt: Date | null;

  /**
   * Likes and comments on one post gather in one unread notification per person: its key, and the
   * distinct people it tells of (fanId is the latest of them).
   */
  @Column({ type: 'text', nullable: true })
  groupKey: string | null;

  @Column({ type: 'uuid', array: true, default: () => "'{}'" })
  actorIds: string[];

  /** When the fan-out wrote its deliveries; null while the push is still to plan. */
  @Column({ type: 'timestamptz', nullable: true })
  pushPlannedAt: Date | null;
}
