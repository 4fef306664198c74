import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '../../platform/database/prepared-statement.js';
import { queryRows } from '../../platform/database/returning.js';
import { User, type AdminPermissions, type UserRecord } from './entities/user.entity.js';
import { ERASED_PROFILE } from './erased-profile.js';

/** Every column of a person but the password hash, under its entity property name. */
const COLUMNS = {
  id: 'id',
  role: 'role',
  isAdmin: 'is_admin',
  adminPermissions: 'admin_permissions',
  name: 'name',
  username: 'username',
  email: 'email',
  emailVerifiedAt: 'email_verified_at',
  avatarUrl: 'avatar_url',
  bio: 'bio',
  location: 'location',
  city: 'city',
  age: 'age',
  gender: 'gender',
  height: 'height',
  work: 'work',
  education: 'education',
  educationLevel: 'education_level',
  drinking: 'drinking',
  mobileNumber: 'mobile_number',
  mobileVerifiedAt: 'mobile_verified_at',
  mediaGallery: 'media_gallery',
  profilePhotos: 'profile_photos',
  interests: 'interests',
  facebookUrl: 'facebook_url',
  instagramUrl: 'instagram_url',
  instagramHandle: 'instagram_handle',
  youtubeUrl: 'youtube_url',
  coverPhotoUrl: 'cover_photo_url',
  verified: 'verified',
  governmentIdUrl: 'government_id_url',
  verifiedAt: 'verified_at',
  verificationRefusedAt: 'verification_refused_at',
  verificationRefusalReason: 'verification_refusal_reason',
  walletBalance: 'wallet_balance',
  eventsAttended: 'events_attended',
  eventsHosted: 'events_hosted',
  followerCount: 'follower_count',
  rating: 'rating',
  ratingCount: 'rating_count',
  deletedAt: 'deleted_at',
  erasedAt: 'erased_at',
  suspendedAt: 'suspended_at',
  suspensionReason: 'suspension_reason',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<keyof UserRecord, string>;

/** `u`'s columns aliased to entity properties, so a row is a UserRecord as TypeORM would load it. */
const USER_COLUMNS = Object.entries(COLUMNS)
  .map(([property, column]) => `u.${column} AS "${property}"`)
  .join(', ');

/** An influencer is a person whose role is influencer (not deleted nor suspended); see users_influencer_directory_idx. */
const IS_INFLUENCER = `u.role = 'influencer' AND u.deleted_at IS NULL AND u.suspended_at IS NULL`;

const ACTIVE_BY_ID = preparedStatement(
  'users.active-by-id',
  `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`,
);
const IS_ACTIVE = preparedStatement('users.is-active', 'SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL');
const INFLUENCER_BY_ID = preparedStatement(
  'users.influencer-by-id',
  `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 AND ${IS_INFLUENCER}`,
);
/** Most followed first, then best rated (migration 1763700100000 orders the index the same way). */
const INFLUENCER_PAGE = preparedStatement(
  'users.influencer-page',
  `SELECT ${USER_COLUMNS} FROM users u WHERE ${IS_INFLUENCER}
    ORDER BY u.follower_count DESC, u.rating DESC NULLS LAST, u.id ASC LIMIT $1 OFFSET $2`,
);
const INFLUENCER_COUNT = preparedStatement('users.influencer-count', `SELECT count(*)::int AS total FROM users u WHERE ${IS_INFLUENCER}`);

/**
 * Typing a number never verifies it (only a one-time code does): re-sending the stored number keeps
 * its verification, any other number drops it. Compared inside the UPDATE, against the row as it is now.
 */
const KEEP_VERIFICATION_OF_SAME_NUMBER = () =>
  'CASE WHEN mobile_number IS NOT DISTINCT FROM :typedMobileNumber THEN mobile_verified_at END';

/** What moderating a person reads of them, under lock. */
export interface ModerationState {
  id: string;
  role: UserRecord['role'];
  isAdmin: boolean;
  verified: boolean;
  verifiedAt: Date | null;
  governmentIdUrl: string | null;
  suspendedAt: Date | null;
  suspensionReason: string | null;
  verificationRefusedAt: Date | null;
}

export interface PeopleFilter {
  q?: string;
  city?: string;
  role?: UserRecord['role'];
  suspended?: boolean;
  after?: string;
}

/** A host's rating on their cards and how many ratings it is the mean of. */
export interface HostRatingSummary {
  rating: string | null;
  count: number;
}

/** The users table: every read and write of it goes through here. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findActive(id: string): Promise<UserRecord | undefined> {
    return (await queryPrepared<UserRecord>(this.dataSource, ACTIVE_BY_ID, [id]))[0];
  }

  /** The person's gender, their row locked until the caller's transaction ends. */
  /** Whether the person is suspended, holding their row against a suspension or restore until `tx` ends. */
  async isSuspendedHeld(tx: EntityManager, id: string): Promise<boolean> {
    const rows: Array<{ suspended: boolean }> = await tx.query(
      'SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1 FOR SHARE',
      [id],
    );
    return rows[0]?.suspended ?? false;
  }

  /**
   * The person's verified number when it is their only way to sign in (no password, no email Google
   * proved), their row locked until the caller's transaction ends; otherwise null.
   */
  async lockSignInNumber(tx: EntityManager, id: string): Promise<string | null> {
    const rows: Array<{ mobile_number: string }> = await tx.query(
      `SELECT mobile_number FROM users
        WHERE id = $1 AND mobile_verified_at IS NOT NULL AND email_verified_at IS NULL AND (password_hash IS NULL OR email IS NULL)
        FOR UPDATE`,
      [id],
    );
    return rows[0]?.mobile_number ?? null;
  }

  async lockGender(tx: EntityManager, id: string): Promise<string | null> {
    const rows: Array<{ gender: string | null }> = await tx.query('SELECT gender FROM users WHERE id = $1 FOR UPDATE', [id]);
    return rows[0]?.gender ?? null;
  }

  /**
   * Locks the host's row until the caller's transaction ends, so changes to one host's ratings take
   * turns. FOR NO KEY UPDATE (what the rating's UPDATE takes anyway) leaves foreign-key checks of rows
   * pointing at the host, such as a new rating, unblocked.
   */
  async lockForRating(tx: EntityManager, id: string): Promise<void> {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [id]);
  }

  /** `rating` is numeric text with at most two decimals (null: no ratings), the mean of `count` ratings. */
  async setRating(tx: EntityManager, id: string, { rating, count }: HostRatingSummary): Promise<void> {
    await tx.query('UPDATE users SET rating = $2, rating_count = $3 WHERE id = $1', [id, rating, count]);
  }

  /** Name and location of any account, deleted or not: the recipient of an invoice. */
  async billingDetails(id: string): Promise<{ name: string | null; location: string | null } | undefined> {
    const rows: Array<{ name: string | null; location: string | null }> = await this.dataSource.query(
      'SELECT name, location FROM users WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async isActive(id: string): Promise<boolean> {
    return (await queryPrepared(this.dataSource, IS_ACTIVE, [id])).length > 0;
  }

  async emailTaken(email: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM users WHERE email = $1 LIMIT 1', [email]);
    return rows.length > 0;
  }

  /** A person with this number verified by a one-time code, not deleted. */
  async hasVerifiedMobile(mobileNumber: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM users WHERE mobile_number = $1 AND mobile_verified_at IS NOT NULL AND deleted_at IS NULL LIMIT 1',
      [mobileNumber],
    );
    return rows.length > 0;
  }

  /** The new person, read back inside the transaction (defaults included). */
  async insert(tx: EntityManager, fields: Partial<User>): Promise<UserRecord> {
    const { identifiers } = await tx.insert(User, fields);
    return tx.findOneByOrFail(User, { id: identifiers[0]!.id as string });
  }

  /** The person with this email, deleted or not, with their password hash (for sign-in). */
  async findByEmailWithPassword(email: string): Promise<{ user: UserRecord; passwordHash: string | null } | undefined> {
    const rows = await this.dataSource.query<Array<UserRecord & { passwordHash: string | null }>>(
      `SELECT ${USER_COLUMNS}, u.password_hash AS "passwordHash" FROM users u WHERE u.email = $1 LIMIT 1`,
      [email],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { passwordHash, ...user } = row;
    return { user, passwordHash };
  }

  /** The live person whose number a one-time code verified, locked for the sign-in's transaction. */
  async findByVerifiedMobileForUpdate(tx: EntityManager, mobileNumber: string): Promise<UserRecord | undefined> {
    const rows = await tx.query<UserRecord[]>(
      `SELECT ${USER_COLUMNS} FROM users u
        WHERE u.mobile_number = $1 AND u.mobile_verified_at IS NOT NULL AND u.deleted_at IS NULL FOR UPDATE`,
      [mobileNumber],
    );
    return rows[0];
  }

  /** The person with this email (deleted or not), whether it holds a password, locked for the sign-in's transaction. */
  async findByEmailForUpdate(tx: EntityManager, email: string): Promise<{ user: UserRecord; hasPassword: boolean } | undefined> {
    const rows = await tx.query<Array<UserRecord & { hasPassword: boolean }>>(
      `SELECT ${USER_COLUMNS}, u.password_hash IS NOT NULL AS "hasPassword" FROM users u WHERE u.email = $1 FOR UPDATE`,
      [email],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { hasPassword, ...user } = row;
    return { user, hasPassword };
  }

  /**
   * The email is proven the person's. A password set before that may have been set by someone else
   * who typed the email first, so it is removed with the proof; returns the person as now stored.
   */
  async markEmailVerified(tx: EntityManager, id: string, clearPassword: boolean): Promise<UserRecord> {
    const rows = await queryRows<UserRecord>(
      tx,
      `UPDATE users u SET email_verified_at = now(), updated_at = now(),
              password_hash = CASE WHEN $2 THEN NULL ELSE password_hash END
        WHERE u.id = $1 RETURNING ${USER_COLUMNS}`,
      [id, clearPassword],
    );
    return rows[0]!;
  }

  async credentials(id: string): Promise<{ email: string | null; passwordHash: string | null } | undefined> {
    const rows: Array<{ email: string | null; password_hash: string | null }> = await this.dataSource.query(
      'SELECT email, password_hash FROM users WHERE id = $1',
      [id],
    );
    return rows[0] && { email: rows[0].email, passwordHash: rows[0].password_hash };
  }

  /** Only over `expected`, so of two changes made at once only one wins; false when this one lost. */
  async replacePasswordHash(tx: EntityManager, id: string, expected: string, passwordHash: string): Promise<boolean> {
    const rows = await queryRows(
      tx,
      `UPDATE users SET password_hash = $3, updated_at = now()
        WHERE id = $1 AND password_hash = $2 AND deleted_at IS NULL RETURNING id`,
      [id, expected, passwordHash],
    );
    return rows.length === 1;
  }

  /** Sent profile fields; a changed mobile number loses its verification. */
  async updateProfile(id: string, changes: Partial<User>, runner: DataSource | EntityManager = this.dataSource): Promise<void> {
    await runner
      .createQueryBuilder()
      .update(User)
      .set(changes.mobileNumber === undefined ? changes : { ...changes, mobileVerifiedAt: KEEP_VERIFICATION_OF_SAME_NUMBER })
      .setParameter('typedMobileNumber', changes.mobileNumber)
      .where({ id })
      .execute();
  }

  /** The person's moderation state, their row locked until the caller's transaction ends (live accounts only). */
  async lockForModeration(tx: EntityManager, id: string): Promise<ModerationState | undefined> {
    const rows = await tx.query<ModerationState[]>(
      `SELECT u.id, u.role, u.is_admin AS "isAdmin", u.verified, u.verified_at AS "verifiedAt",
              u.government_id_url AS "governmentIdUrl", u.suspended_at AS "suspendedAt", u.suspension_reason AS "suspensionReason",
              u.verification_refused_at AS "verificationRefusedAt"
         FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  /** Answers when the suspension began. */
  async markSuspended(tx: EntityManager, id: string, reason: string): Promise<Date> {
    const rows = await queryRows<{ suspended_at: Date }>(
      tx,
      'UPDATE users SET suspended_at = now(), suspension_reason = $2, updated_at = now() WHERE id = $1 RETURNING suspended_at',
      [id, reason],
    );
    return rows[0]!.suspended_at;
  }

  async clearSuspension(tx: EntityManager, id: string): Promise<void> {
    await tx.query('UPDATE users SET suspended_at = NULL, suspension_reason = NULL, updated_at = now() WHERE id = $1', [id]);
  }

  /** The badge, keeping the first verification's time when it already was; a refusal before it is cleared. */
  async markVerified(tx: EntityManager, id: string): Promise<void> {
    await tx.query(
      `UPDATE users SET verified = true, verified_at = COALESCE(verified_at, now()),
              verification_refused_at = NULL, verification_refusal_reason = NULL, updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  /** No badge; with a `refusal`, the admin's reason is kept beside it. */
  async clearVerified(tx: EntityManager, id: string, refusal: string | null = null): Promise<void> {
    await tx.query(
      `UPDATE users SET verified = false, verified_at = NULL, updated_at = now(),
              verification_refused_at = CASE WHEN $2::text IS NULL THEN verification_refused_at ELSE now() END,
              verification_refusal_reason = COALESCE($2, verification_refusal_reason)
        WHERE id = $1`,
      [id, refusal],
    );
  }

  /**
   * The admin search: live accounts whose name, username, email or phone number contains `q` and
   * whose city or location contains `city`, newest first, after the account `after`.
   */
  async search(filter: PeopleFilter, limit: number): Promise<UserRecord[]> {
    const contains = (value: string | undefined) => (value === undefined ? null : `%${value.replace(/[\\%_]/g, '\\$&')}%`);
    return this.dataSource.query<UserRecord[]>(
      `SELECT ${USER_COLUMNS} FROM users u
        WHERE u.deleted_at IS NULL
          AND ($1::text IS NULL OR u.name ILIKE $1 OR u.username ILIKE $1 OR u.email ILIKE $1 OR u.mobile_number ILIKE $1)
          AND ($2::text IS NULL OR u.city ILIKE $2 OR u.location ILIKE $2)
          AND ($3::text IS NULL OR u.role = $3)
          AND ($4::boolean IS NULL OR (u.suspended_at IS NOT NULL) = $4)
          AND ($5::uuid IS NULL OR (u.created_at, u.id) < (SELECT created_at, id FROM users WHERE id = $5))
        ORDER BY u.created_at DESC, u.id DESC LIMIT $6`,
      [contains(filter.q), contains(filter.city), filter.role ?? null, filter.suspended ?? null, filter.after ?? null, limit],
    );
  }

  /** Makes the person with this email an admin (npm run admin:create). */
  async promoteToAdmin(email: string, permissions: AdminPermissions): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET role = 'admin', is_admin = true, admin_permissions = $2, updated_at = now() WHERE email = $1`,
      [email, permissions],
    );
  }

  /** Gives the person with this email the support permission, keeping the rest (npm run admin:create -- --support). */
  async grantSupport(email: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET admin_permissions = coalesce(admin_permissions, '{}') || '{"support": true}', updated_at = now() WHERE email = $1`,
      [email],
    );
  }

  async markDeleted(tx: EntityManager, id: string): Promise<void> {
    await tx.query('UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = $1 AND deleted_at IS NULL', [id]);
  }

  /** Whether a deleted account still waits for its erasure (undefined: no deleted account by that id). */
  async awaitsErasure(id: string): Promise<boolean | undefined> {
    const [row] = await this.dataSource.query<Array<{ erased: boolean }>>(
      'SELECT erased_at IS NOT NULL AS erased FROM users WHERE id = $1 AND deleted_at IS NOT NULL',
      [id],
    );
    return row && !row.erased;
  }

  /** Pseudonymises the profile and marks the account erased; a no-op once it is. */
  async eraseProfile(id: string): Promise<void> {
    await this.dataSource
      .getRepository(User)
      .update({ id, deletedAt: Not(IsNull()), erasedAt: IsNull() }, { ...ERASED_PROFILE, erasedAt: new Date() });
  }

  /** Deleted accounts not erased `afterSeconds` after their deletion, oldest first. */
  async dueForErasure(limit: number, afterSeconds: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM users WHERE deleted_at IS NOT NULL AND erased_at IS NULL AND deleted_at < now() - make_interval(secs => $2)
        ORDER BY deleted_at LIMIT $1`,
      [limit, afterSeconds],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Those of `mediaIds` whose upload a profile shows: avatar, cover, ID, profile photos or gallery, by
   * the id in the URL. One pass over the table for the whole batch (the uploads sweep asks hourly).
   */
  async mediaReferencedAmong(mediaIds: readonly string[], idPattern: string): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT ref[1] AS id
         FROM users u
        CROSS JOIN LATERAL regexp_matches(
                lower(concat_ws(' ', u.avatar_url, u.cover_photo_url, u.government_id_url, u.profile_photos::text, u.media_gallery::text)),
                $2, 'g') AS ref
        WHERE ref[1] = ANY($1::text[])`,
      [mediaIds, idPattern],
    );
    return rows.map((row) => row.id);
  }

  async findInfluencer(id: string): Promise<UserRecord | undefined> {
    return (await queryPrepared<UserRecord>(this.dataSource, INFLUENCER_BY_ID, [id]))[0];
  }

  async influencerPage(limit: number, offset: number): Promise<{ users: UserRecord[]; total: number }> {
    const [users, counted] = await Promise.all([
      queryPrepared<UserRecord>(this.dataSource, INFLUENCER_PAGE, [limit, offset]),
      queryPrepared<{ total: number }>(this.dataSource, INFLUENCER_COUNT, []),
    ]);
    return { users, total: counted[0]!.total };
  }
}
