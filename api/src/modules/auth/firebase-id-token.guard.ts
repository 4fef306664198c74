import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type VerifiedIdentity } from '../../platform/providers/identity/identity.port.js';
import { AppPassport } from './app-passport.js';
import { FIREBASE_ID_TOKEN_STRATEGY } from './firebase-id-token.strategy.js';

declare module 'fastify' {
  interface FastifyRequest {
    identity?: VerifiedIdentity;
  }
}

/** For the Google and phone exchanges: the body's `id_token` must be one Firebase verifies (the strategy throws otherwise). */
@Injectable()
export class FirebaseIdTokenGuard implements CanActivate {
  constructor(private readonly passport: AppPassport) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const { user } = await this.passport.authenticate<VerifiedIdentity>(
      FIREBASE_ID_TOKEN_STRATEGY,
      request,
      http.getResponse<FastifyReply>(),
    );
    if (!user) return false;
    request.identity = user;
    return true;
  }
}

/** Who Firebase says signed in (routes behind FirebaseIdTokenGuard). */
export const ProvenIdentity = createParamDecorator((_: unknown, ctx: ExecutionContext): VerifiedIdentity => {
  return ctx.switchToHttp().getRequest<FastifyRequest>().identity!;
});
