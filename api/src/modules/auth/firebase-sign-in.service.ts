import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { BusyError, UnauthorizedError } from '../../platform/http/domain-error.js';
import {
  IDENTITY,
  IdentityUnavailable,
  type IdentityPort,
  type VerifiedIdentity,
} from '../../platform/providers/identity/identity.port.js';
import { UserAccounts, type GoogleProof, type ProvenSignIn } from '../users/user-accounts.service.js';
import { type SelfUserView } from '../users/user.views.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { AccountSuspendedError } from './auth.errors.js';
import { SessionConnections } from './session-connections.port.js';
import { SessionsService } from './sessions.service.js';

const NAME_MAX_LENGTH = 100;

/**
 * Google and phone sign-in: a verified Firebase identity is exchanged for one of our sessions, on the
 * account that proof belongs to (docs/decisions.md, "Google and phone sign-in").
 */
@Injectable()
export class FirebaseSignInService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: UserAccounts,
    private readonly sessions: SessionsService,
    private readonly connections: SessionConnections,
    private readonly throttle: AuthThrottle,
    @Inject(IDENTITY) private readonly identity: IdentityPort,
  ) {}

  async google(identity: VerifiedIdentity): Promise<{ user: SelfUserView; token: string }> {
    if (identity.method !== 'google.com') throw new UnauthorizedError(Messages.auth.notAGoogleSignIn, ErrorCodes.identity.wrongMethod);
    if (!identity.email || !identity.emailVerified) {
      throw new UnauthorizedError(Messages.auth.googleEmailUnverified, ErrorCodes.identity.emailUnverified);
    }
    const proof: GoogleProof = {
      email: identity.email.trim().toLowerCase(),
      name: identity.name?.trim().slice(0, NAME_MAX_LENGTH) || null,
      avatarUrl: identity.picture?.startsWith('https://') ? identity.picture : null,
    };
    return this.signIn((tx) => this.accounts.signInWithGoogle(tx, proof));
  }

  /** `mobileNumber` is what the person typed (already +91XXXXXXXXXX): it must be the number the code went to. */
  async phone(identity: VerifiedIdentity, mobileNumber: string, ip: string): Promise<{ user: SelfUserView; token: string }> {
    if (identity.method !== 'phone' || !identity.phoneNumber) {
      throw new UnauthorizedError(Messages.auth.notAPhoneSignIn, ErrorCodes.identity.wrongMethod);
    }
    if (identity.phoneNumber !== mobileNumber) {
      throw new UnauthorizedError(Messages.auth.phoneNumberMismatch, ErrorCodes.identity.phoneMismatch);
    }
    await this.throttle.admitPhoneSignIn(mobileNumber, ip);
    return this.signIn((tx) => this.accounts.signInWithMobile(tx, mobileNumber));
  }

  /** Counted before a code is sent (the browser asks Firebase to send it right after). */
  async otpAttempt(mobileNumber: string, ip: string): Promise<{ mobile_number: string }> {
    await this.throttle.admitOtpSend(mobileNumber, ip);
    return { mobile_number: mobileNumber };
  }

  /** A Firebase custom token for the signed-in person (uid = our user id), for the mobile app's chat and store. */
  async customToken(user: AuthUser): Promise<{ customToken: string }> {
    await this.throttle.admitExchange('custom-token', user.id);
    try {
      return { customToken: await this.identity.createCustomToken(user.id) };
    } catch (error) {
      if (error instanceof IdentityUnavailable) throw new BusyError(Messages.auth.identityUnavailable, ErrorCodes.identity.unavailable, 30);
      throw error;
    }
  }

  private async signIn(reach: (tx: EntityManager) => Promise<ProvenSignIn>): Promise<{ user: SelfUserView; token: string }> {
    const reached = await this.reachAccount(reach);
    if (reached.outcome === 'deleted') throw new UnauthorizedError(Messages.auth.accountDeleted);
    if (reached.outcome === 'suspended') throw new AccountSuspendedError();
    await this.throttle.admitExchange('sign-in', reached.view.id);
    return { user: reached.view, token: await this.sessions.issue(reached.view.id) };
  }

  /**
   * Finds or creates the account in one transaction. Two first sign-ins at once both try to create it:
   * the loser's insert breaks the unique email or verified-number index, and a second pass finds the winner's.
   */
  private async reachAccount(reach: (tx: EntityManager) => Promise<ProvenSignIn>, attempt = 1): Promise<ProvenSignIn> {
    try {
      const reached = await this.dataSource.transaction(async (tx) => {
        const reached = await reach(tx);
        // A password set before the email was proven may be someone else's, and so may its sessions.
        if (reached.outcome === 'linked' && reached.passwordCleared) await this.sessions.revokeAllForUser(reached.view.id, tx);
        return reached;
      });
      if (reached.outcome === 'linked' && reached.passwordCleared) this.connections.closeAllOf(reached.view.id);
      return reached;
    } catch (error) {
      if (attempt === 1 && uniqueViolation(error)) return this.reachAccount(reach, 2);
      throw error;
    }
  }
}
