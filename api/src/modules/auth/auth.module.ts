import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { IdentityModule } from '../../platform/providers/identity/identity.module.js';
import { UsersModule } from '../users/users.module.js';
import { AppPassport } from './app-passport.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { FirebaseIdTokenGuard } from './firebase-id-token.guard.js';
import { FirebaseIdTokenStrategy } from './firebase-id-token.strategy.js';
import { FirebaseSignInService } from './firebase-sign-in.service.js';
import { SessionStrategy } from './session.strategy.js';
import { SessionsErasureStep } from './sessions-erasure.step.js';
import { PasswordController } from './password.controller.js';
import { SessionsDeletionStep } from './sessions-deletion.step.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/**
 * Sign-in (email and password, Google and phone through Firebase), sessions and passwords, over the
 * accounts of the users module. Requests are authenticated by Passport strategies: our bearer session
 * tokens (the global guard) and Firebase ID tokens (the two exchanges).
 */
@Module({
  imports: [UsersModule, NotificationsModule, IdentityModule],
  controllers: [AuthController, PasswordController],
  providers: [
    AuthService,
    SessionsRepository,
    SessionsService,
    AuthThrottle,
    AppPassport,
    SessionStrategy,
    FirebaseIdTokenStrategy,
    FirebaseIdTokenGuard,
    FirebaseSignInService,
    SessionsDeletionStep,
    SessionsErasureStep,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionsService, SessionsDeletionStep, SessionsErasureStep],
})
export class AuthModule {}
