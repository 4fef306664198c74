import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '../../contracts/messages.js';
import { ForbiddenError, UnauthorizedError } from '../../platform/http/domain-error.js';
import {
  canSupport,
  requirePermission,
  IS_ADMIN_ONLY,
  IS_PUBLIC,
  IS_SUPPORT,
  bearerToken,
  isAdmin,
  REQUIRED_PERMISSION,
  type AdminPermission,
  type AuthContext,
} from '../../platform/http/auth-context.js';
import { AppPassport, type PassportOutcome } from './app-passport.js';
import { SESSION_STRATEGY, type SessionFailure } from './session.strategy.js';

/** What the session strategy answers for a request without a bearer token, decided without running it. */
const NO_TOKEN: PassportOutcome<AuthContext> = { user: false, info: { reason: 'no-token' } satisfies SessionFailure };

/**
 * Global guard: every route needs a valid bearer token (the session strategy) unless marked
 * @Public(). On public routes a valid token still identifies the caller; an invalid one makes them a guest.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly passport: AppPassport,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket events (the chat gateway) are not requests: their connection signed in at the handshake,
    // and the gateway looks the session up again on every event.
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const adminOnly = this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY, targets) ?? false;
    const supportOnly = this.reflector.getAllAndOverride<boolean>(IS_SUPPORT, targets) ?? false;
    const permission = this.reflector.getAllAndOverride<AdminPermission | undefined>(REQUIRED_PERMISSION, targets);

    // A guest's request (no token) skips Passport: the strategy could only answer "no token".
    const { user: auth, info } =
      bearerToken(request) === undefined
        ? NO_TOKEN
        : await this.passport.authenticate<AuthContext>(SESSION_STRATEGY, request, http.getResponse<FastifyReply>());
    if (auth) request.auth = auth;
    if (isPublic) return true;
    if (!auth) {
      const failure = info as SessionFailure;
      throw new UnauthorizedError(failure.reason === 'no-token' ? Messages.auth.noToken : Messages.auth.sessionExpired);
    }
    if (adminOnly && !isAdmin(auth.user)) throw new ForbiddenError(Messages.auth.adminRequired);
    if (supportOnly && !canSupport(auth.user)) throw new ForbiddenError(Messages.auth.adminRequired);
    if (permission) requirePermission(auth.user, permission);
    return true;
  }
}
