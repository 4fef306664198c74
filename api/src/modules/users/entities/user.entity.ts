import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type UserRole = 'fan' | 'influencer' | 'admin';
export type Gender = 'male' | 'female';

export interface AdminPermissions {
  approve_events: boolean;
  delete_events: boolean;
  verify_influencers: boolean;
  /** Support staff: the job queue pages of the admin area, and nothing else of it (without the admin role or flag). */
  support?: boolean;
}

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text', default: 'fan' })
  role: UserRole;

  @Column({ type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ type: 'jsonb', nullable: true })
  adminPermissions: AdminPermissions | null;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  username: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  /** Set by a verified Google sign-in with this email; never through the profile. */
  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  avatarUrl: string | null;

  @Column({ type: 'text', nullable: true })
  bio: string | null;

  @Column({ type: 'text', nullable: true })
  location: string | null;

  /** The city `location` names (contracts/city.ts), written with it: who a city announcement reaches. */
  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'integer', nullable: true })
  age: number | null;

  @Column({ type: 'text', nullable: true })
  gender: Gender | null;

  @Column({ type: 'text', nullable: true })
  height: string | null;

  @Column({ type: 'text', nullable: true })
  work: string | null;

  @Column({ type: 'text', nullable: true })
  education: string | null;

  @Column({ type: 'text', nullable: true })
  educationLevel: string | null;

  @Column({ type: 'text', nullable: true })
  drinking: string | null;

  /** Typed in by the person, so several accounts may hold the same number until one verifies it. */
  @Column({ type: 'text', nullable: true })
  mobileNumber: string | null;

  /** Set only by a one-time code (phone sign-in), never through the profile; cleared when the number changes. */
  @Column({ type: 'timestamptz', nullable: true })
  mobileVerifiedAt: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  mediaGallery: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  profilePhotos: string[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  interests: string[];

  @Column({ type: 'text', nullable: true })
  facebookUrl: string | null;

  @Column({ type: 'text', nullable: true })
  instagramUrl: string | null;

  @Column({ type: 'text', nullable: true })
  instagramHandle: string | null;

  @Column({ type: 'text', nullable: true })
  youtubeUrl: string | null;

  @Column({ type: 'text', nullable: true })
  coverPhotoUrl: string | null;

  @Column({ type: 'boolean', default: false })
  verified: boolean;

  @Column({ type: 'text', nullable: true })
  governmentIdUrl: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  /** An admin refused the influencer's verification (cleared when one approves it). */
  @Column({ type: 'timestamptz', nullable: true })
  verificationRefusedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  verificationRefusalReason: string | null;

  @Column({ type: 'integer', default: 0 })
  walletBalance: number;

  @Column({ type: 'integer', default: 0 })
  eventsAttended: number;

  @Column({ type: 'integer', default: 0 })
  eventsHosted: number;

  @Column({ type: 'integer', default: 0 })
  followerCount: number;

  @Column({ type: 'numeric', precision: 3, scale: 2, nullable: true })
  rating: string | null;

  /** How many published ratings `rating` is the mean of. */
  @Column({ type: 'integer', default: 0 })
  ratingCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  erasedAt: Date | null;

  /** Set by an admin: no sign-in, no session, no listed events until an admin restores the person. */
  @Column({ type: 'timestamptz', nullable: true })
  suspendedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  suspensionReason: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A person as reads return them: the password hash is never selected with the rest. */
export type UserRecord = Omit<User, 'passwordHash'>;
