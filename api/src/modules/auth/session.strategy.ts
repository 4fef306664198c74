import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import passport from 'passport';
import { Strategy } from 'passport-custom';
import { bearerToken, type AuthContext } from '../../platform/http/auth-context.js';
import { AppPassport } from './app-passport.js';
import { SessionsService } from './sessions.service.js';

export const SESSION_STRATEGY = 'tribe-session';

/** Why a request has no session: no token at all, or one that is not (any longer) a live session's. */
export type SessionFailure = { reason: 'no-token' } | { reason: 'not-live' };

const NOT_SHARED = new passport.Passport();

/** Our own bearer tokens: opaque, stored hashed, revocable (sessions.service.ts). */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, SESSION_STRATEGY) {
  constructor(
    private readonly sessions: SessionsService,
    appPassport: AppPassport,
  ) {
    super();
    appPassport.use(SESSION_STRATEGY, this);
  }

  /** Registered with the application's Passport above, never the process-wide one. */
  getPassportInstance() {
    return NOT_SHARED;
  }

  async validate(request: FastifyRequest): Promise<AuthContext | [false, SessionFailure]> {
    const token = bearerToken(request);
    if (!token) return [false, { reason: 'no-token' }];
    return (await this.sessions.resolve(token)) ?? [false, { reason: 'not-live' }];
  }
}
