import { randomBytes } from 'node:crypto';
import { type TestApi } from './test-api.js';

export interface SignedUp {
  token: string;
  user: { id: string; email: string; role: string; needs_profile: boolean } & Record<string, unknown>;
  password: string;
}

let counter = 0;

export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now()}.${++counter}.${randomBytes(3).toString('hex')}@example.in`;

/** Registers a person through the API; extra profile fields may be passed. */
export async function signUp(api: TestApi, fields: Record<string, unknown> = {}): Promise<SignedUp> {
  const password = 'a-good-password';
  const response = await api
    .http()
    .post('/api/v1/auth/register')
    .send({ email: uniqueEmail(), password, name: 'Test Person', ...fields })
    .expect(201);
  return { ...(response.body as Omit<SignedUp, 'password'>), password };
}

/** A complete profile: needs_profile is false. */
export const completeProfile = { age: 27, gender: 'female', mobile_number: '9876543210' };

/**
 * A verified host (the badge an admin gives): their new events are listed at once, as most tests
 * need (docs/decisions.md "Event moderation"). signUpNewHost makes one nobody has verified yet.
 */
export async function signUpHost(api: TestApi, fields: Record<string, unknown> = {}): Promise<SignedUp> {
  const host = await signUpNewHost(api, fields);
  await markVerifiedHost(api, host.user.id);
  return { ...host, user: { ...host.user, verified: true } };
}

/** A host nobody has verified: their new events, and their edits of a listed event's words and photos, wait for review. */
export async function signUpNewHost(api: TestApi, fields: Record<string, unknown> = {}): Promise<SignedUp> {
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return signUp(api, { ...completeProfile, mobile_number: mobile, role: 'influencer', name: 'Host Person', ...fields });
}

/** Gives the person the verified badge, as an admin holding verify_influencers would. */
export async function markVerifiedHost(api: TestApi, userId: string): Promise<void> {
  await api.db.query('UPDATE users SET verified = true, verified_at = now() WHERE id = $1', [userId]);
}

/** Marks the person's number verified, as phone sign-in's one-time code will; the API offers no other way. */
export async function markMobileVerified(api: TestApi, userId: string): Promise<void> {
  await api.db.query('UPDATE users SET mobile_verified_at = now() WHERE id = $1', [userId]);
}

export const ALL_ADMIN_PERMISSIONS = { approve_events: true, delete_events: true, verify_influencers: true };

/** An admin holding every moderation flag unless `permissions` says otherwise (`{ approve_events: false }` lacks one). */
export async function makeAdmin(api: TestApi, userId: string, permissions: Partial<typeof ALL_ADMIN_PERMISSIONS> = {}): Promise<void> {
  await api.db.query(`UPDATE users SET role = 'admin', is_admin = true, admin_permissions = $2 WHERE id = $1`, [
    userId,
    { ...ALL_ADMIN_PERMISSIONS, ...permissions },
  ]);
}

/** Support staff: the `support` admin permission alone, without the admin role or flag. */
export async function makeSupportStaff(api: TestApi, userId: string): Promise<void> {
  await api.db.query(`UPDATE users SET admin_permissions = '{"support": true}' WHERE id = $1`, [userId]);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
