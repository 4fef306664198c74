/** Who an identity provider's ID token says signed in, once the provider has verified it. */
export interface VerifiedIdentity {
  /** The provider's id for the person (not ours). */
  uid: string;
  /** How they signed in: `google.com`, `phone`, ... */
  method: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** E.164, as the provider verified it. */
  phoneNumber: string | null;
}

export type IdentityRefusal = 'expired' | 'revoked' | 'disabled' | 'invalid';

/** The token was checked and refused: the caller must sign in again. */
export class IdentityTokenRefused extends Error {
  constructor(readonly reason: IdentityRefusal) {
    super(`identity token refused: ${reason}`);
  }
}

/** The provider could not be asked (down, not configured): nothing is known about the token. */
export class IdentityUnavailable extends Error {}

/** Google and phone sign-in: the provider verifies the browser's ID tokens and signs ours for its SDKs. */
export interface IdentityPort {
  /** Project, audience, issuer, expiry, signature and revocation; throws IdentityTokenRefused or IdentityUnavailable. */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  /** A custom token whose uid is our user id (the mobile app signs in to chat and store with it). */
  createCustomToken(userId: string): Promise<string>;
}

export const IDENTITY = Symbol('IDENTITY');
