import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import {
  type EventCategory,
  type EventStatus,
  type MeetupType,
  type ModerationStatus,
  type PricingType,
} from '../../../contracts/event.contract.js';
import { type CancellationPolicy } from '../../../contracts/cancellation-policy.js';
import { type PendingEventChanges } from '../../../contracts/event-moderation.contract.js';

/**
 * An event (SPEC §3). The generated columns city_key, price_low and price_high exist only in the
 * database (lists filter on them); reads go through event.views.ts.
 */
@Entity('event')
export class Event {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column('timestamptz')
  date: Date;

  @Column({ type: 'timestamptz', nullable: true })
  endDate: Date | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  /** The city named in `location`, derived on every write (city.ts). */
  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @Column('uuid')
  hostId: string;

  @Column({ type: 'text', default: 'others' })
  category: EventCategory;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  images: string[];

  @Column({ type: 'text', nullable: true })
  video: string | null;

  @Column({ type: 'double precision', nullable: true })
  videoDuration: number | null;

  @Column({ type: 'text', nullable: true })
  videoUrlReference: string | null;

  @Column({ type: 'integer', nullable: true })
  minBid: number | null;

  @Column({ type: 'integer', nullable: true })
  malePrice: number | null;

  @Column({ type: 'integer', nullable: true })
  femalePrice: number | null;

  @Column({ type: 'text', default: 'standard' })
  pricingType: PricingType;

  @Column({ type: 'integer', nullable: true })
  capacity: number | null;

  @Column({ type: 'text', default: 'active' })
  status: EventStatus;

  @Column({ type: 'text', default: 'published' })
  moderationStatus: ModerationStatus;

  /** Title, description or photos an unverified host changed on a published event, until an admin decides. */
  @Column({ type: 'jsonb', nullable: true })
  pendingChanges: PendingEventChanges | null;

  /** Since when the event (new, resubmitted or with pending changes) waits in the review queue; null when it does not. */
  @Column({ type: 'timestamptz', nullable: true })
  reviewRequestedAt: Date | null;

  /** Why an admin last refused it (or its changes) or took it down; cleared when approved. */
  @Column({ type: 'text', nullable: true })
  moderationReason: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  takenDownAt: Date | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  ageGroups: string[];

  @Column({ type: 'integer', nullable: true })
  customAgeMin: number | null;

  @Column({ type: 'integer', nullable: true })
  customAgeMax: number | null;

  @Column({ type: 'text', nullable: true })
  eventType: string | null;

  @Column({ type: 'text', nullable: true })
  meetingLink: string | null;

  @Column({ type: 'boolean', default: false })
  enableBidding: boolean;

  @Column({ type: 'boolean', default: true })
  showAttendees: boolean;

  /** What a fan who leaves an accepted booking gets back (contracts/cancellation-policy.ts). */
  @Column({ type: 'text', default: 'full_refund_24h' })
  cancellationPolicy: CancellationPolicy;

  @Column({ type: 'text', default: 'confirmed' })
  meetupType: MeetupType;

  @Column({ type: 'text', nullable: true })
  estimatedLocation: string | null;

  @Column({ type: 'double precision', nullable: true })
  estimatedLatitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  estimatedLongitude: number | null;

  @Column({ type: 'text', nullable: true })
  hostContactNumber: string | null;

  @Column({ type: 'text', nullable: true })
  hostSocialLink: string | null;

  /** Kept by the applications issue; 0 until then. */
  @Column({ type: 'integer', default: 0 })
  attendeesCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null;

  /** The iCalendar SEQUENCE of its invite: one more each time what an invite shows changes (invite-fields.ts). */
  @Column({ type: 'integer', default: 0 })
  calendarSequence: number;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
