import { Injectable } from '@nestjs/common';
import passport from 'passport';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a strategy decided: the caller (or false) and, on a failure, why. */
export interface PassportOutcome<User> {
  user: User | false;
  info: unknown;
}

/**
 * This application's own Passport. The process-wide one keeps strategies by name, so two Nest
 * applications in one process (tests run several, each on its own database) would answer each
 * other's requests; every strategy here registers with the instance of its application instead.
 */
@Injectable()
export class AppPassport {
  private readonly passport = new passport.Passport();

  /** A strategy typed against another copy of the express types (passport-custom brings its own) is the same object. */
  use(name: string, strategy: object): void {
    this.passport.use(name, strategy as passport.Strategy);
  }

  /** Runs the named strategy on the request; its errors are thrown as they are. */
  authenticate<User>(name: string, request: FastifyRequest, reply: FastifyReply): Promise<PassportOutcome<User>> {
    return new Promise((resolve, reject) => {
      const middleware = this.passport.authenticate(name, { session: false }, (error: unknown, user: User | false, info: unknown) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ user, info });
      }) as (request: unknown, reply: unknown, next: (error?: unknown) => void) => void;
      middleware(request, reply, (error?: unknown) => reject(error instanceof Error ? error : new Error(`passport: ${String(error)}`)));
    });
  }
}
