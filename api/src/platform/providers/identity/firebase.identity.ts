import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import {
  IdentityTokenRefused,
  IdentityUnavailable,
  type IdentityPort,
  type IdentityRefusal,
  type VerifiedIdentity,
} from './identity.port.js';

export interface FirebaseIdentityOptions {
  projectId: string;
  /** host:port of the Auth emulator; firebase-admin takes it from FIREBASE_AUTH_EMULATOR_HOST. */
  emulatorHost?: string;
  clientEmail?: string;
  privateKey?: string;
}

const REFUSALS: Record<string, IdentityRefusal> = {
  'auth/id-token-expired': 'expired',
  'auth/id-token-revoked': 'revoked',
  'auth/user-disabled': 'disabled',
  'auth/user-not-found': 'invalid',
  'auth/argument-error': 'invalid',
  'auth/invalid-id-token': 'invalid',
};

/** Firebase Authentication through firebase-admin (the Auth emulator when a demo-* project names one). */
export class FirebaseIdentity implements IdentityPort {
  // firebase-admin is the API's heaviest import and most processes never verify a token: it loads
  // on the first call that needs it (the configuration, its key included, is checked at boot).
  private auth: Promise<Auth> | undefined;

  constructor(private readonly options: FirebaseIdentityOptions) {}

  private firebaseAuth(): Promise<Auth> {
    return (this.auth ??= firebaseAuth(this.options));
  }

  async verifyIdToken(idToken: string): Promise<VerifiedIdentity> {
    this.requireReachable();
    let decoded: DecodedIdToken;
    try {
      decoded = await (await this.firebaseAuth()).verifyIdToken(idToken, true);
    } catch (error) {
      const reason = REFUSALS[(error as { code?: string }).code ?? ''];
      if (reason) throw new IdentityTokenRefused(reason);
      throw new IdentityUnavailable('Firebase could not verify the ID token', { cause: error });
    }
    return {
      uid: decoded.uid,
      method: decoded.firebase.sign_in_provider,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified === true,
      name: typeof decoded.name === 'string' ? decoded.name : null,
      picture: decoded.picture ?? null,
      phoneNumber: decoded.phone_number ?? null,
    };
  }

  async createCustomToken(userId: string): Promise<string> {
    this.requireReachable();
    try {
      return await (await this.firebaseAuth()).createCustomToken(userId);
    } catch (error) {
      throw new IdentityUnavailable('Firebase could not sign a custom token', { cause: error });
    }
  }

  /** A demo project exists only in the emulator: without one, asking Google would only fail slowly. */
  private requireReachable(): void {
    if (this.options.projectId.startsWith('demo-') && !this.options.emulatorHost) {
      throw new IdentityUnavailable(
        `FIREBASE_PROJECT_ID ${this.options.projectId} is the emulator's, and FIREBASE_AUTH_EMULATOR_HOST is not set`,
      );
    }
  }
}

/**
 * One firebase-admin app per project in the process (tests run several APIs side by side). The
 * emulator's address is read by firebase-admin from the environment only, so it is put there.
 */
async function firebaseAuth(options: FirebaseIdentityOptions): Promise<Auth> {
  const [{ cert, getApps, initializeApp }, { getAuth }] = await Promise.all([import('firebase-admin/app'), import('firebase-admin/auth')]);
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const name = `tribe-identity-${options.projectId}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return getAuth(existing);
  const credential =
    options.clientEmail && options.privateKey
      ? cert({ projectId: options.projectId, clientEmail: options.clientEmail, privateKey: options.privateKey })
      : undefined;
  return getAuth(initializeApp({ projectId: options.projectId, ...(credential ? { credential } : {}) }, name));
}
