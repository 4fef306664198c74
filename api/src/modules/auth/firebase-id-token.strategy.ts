import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import { Strategy } from 'passport-custom';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { BusyError, UnauthorizedError, ValidationError } from '../../platform/http/domain-error.js';
import {
  IDENTITY,
  IdentityTokenRefused,
  IdentityUnavailable,
  type IdentityPort,
  type IdentityRefusal,
  type VerifiedIdentity,
} from '../../platform/providers/identity/identity.port.js';
import { AppPassport } from './app-passport.js';

export const FIREBASE_ID_TOKEN_STRATEGY = 'firebase-id-token';

const REFUSALS: Record<IdentityRefusal, { message: string; code: string }> = {
  invalid: { message: Messages.auth.idTokenInvalid, code: ErrorCodes.identity.tokenInvalid },
  expired: { message: Messages.auth.idTokenExpired, code: ErrorCodes.identity.tokenExpired },
  revoked: { message: Messages.auth.idTokenRevoked, code: ErrorCodes.identity.tokenRevoked },
  disabled: { message: Messages.auth.identityDisabled, code: ErrorCodes.identity.accountDisabled },
};

/** A longest token Firebase makes is about 1.5 kB; anything far longer is not worth sending to the verifier. */
const MAX_ID_TOKEN_LENGTH = 8192;

const NOT_SHARED = new passport.Passport();

/**
 * The `id_token` of a body (Google or phone sign-in in the browser or the app), verified by Firebase:
 * signature, project, audience, issuer, expiry and revocation. Refusals are 401s with our messages;
 * a verifier that cannot be reached is a 503.
 */
@Injectable()
export class FirebaseIdTokenStrategy extends PassportStrategy(Strategy, FIREBASE_ID_TOKEN_STRATEGY) {
  constructor(
    @Inject(IDENTITY) private readonly identity: IdentityPort,
    appPassport: AppPassport,
  ) {
    super();
    appPassport.use(FIREBASE_ID_TOKEN_STRATEGY, this);
  }

  /** Registered with the application's Passport above, never the process-wide one. */
  getPassportInstance() {
    return NOT_SHARED;
  }

  async validate(request: FastifyRequest): Promise<VerifiedIdentity> {
    const body = request.body as { id_token?: unknown } | undefined;
    const idToken = body?.id_token;
    if (typeof idToken !== 'string' || idToken.trim() === '') throw new ValidationError(Messages.auth.idTokenMissing);
    if (idToken.length > MAX_ID_TOKEN_LENGTH) throw new UnauthorizedError(REFUSALS.invalid.message, REFUSALS.invalid.code);
    try {
      return await this.identity.verifyIdToken(idToken.trim());
    } catch (error) {
      if (error instanceof IdentityTokenRefused) throw new UnauthorizedError(REFUSALS[error.reason].message, REFUSALS[error.reason].code);
      if (error instanceof IdentityUnavailable) throw new BusyError(Messages.auth.identityUnavailable, ErrorCodes.identity.unavailable, 30);
      throw error;
    }
  }
}
