import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { Messages } from '../../contracts/messages.js';
import { ForbiddenError, UnauthorizedError } from '../../platform/http/domain-error.js';
import { bearerToken, canSupport, IS_ADMIN_ONLY, IS_PUBLIC, IS_SUPPORT, isAdmin } from '../../platform/http/auth-context.js';
import { SessionsService } from './sessions.service.js';

/**
 * Global guard: every route needs a valid bearer token unless marked @Public(). On public routes a
 * valid token still identifies the caller; an invalid one makes them a guest.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const adminOnly = this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY, targets) ?? false;
    const supportOnly = this.reflector.getAllAndOverride<boolean>(IS_SUPPORT, targets) ?? false;

    const token = bearerToken(request);
    const auth = token ? await this.sessions.resolve(token) : null;
    if (auth) request.auth = auth;
    if (isPublic) return true;
    if (!token) throw new UnauthorizedError(Messages.auth.noToken);
    if (!auth) throw new UnauthorizedError(Messages.auth.sessionExpired);
    if (adminOnly && !isAdmin(auth.user)) throw new ForbiddenError(Messages.auth.adminRequired);
    if (supportOnly && !canSupport(auth.user)) throw new ForbiddenError(Messages.auth.adminRequired);
    return true;
  }
}
