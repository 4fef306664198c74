import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { SessionsErasureStep } from './sessions-erasure.step.js';
import { PasswordController } from './password.controller.js';
import { SessionsDeletionStep } from './sessions-deletion.step.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/** Sign-in, sessions and passwords, over the accounts of the users module. */
@Module({
  imports: [UsersModule, NotificationsModule],
  controllers: [AuthController, PasswordController],
  providers: [
    AuthService,
    SessionsRepository,
    SessionsService,
    AuthThrottle,
    SessionsDeletionStep,
    SessionsErasureStep,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionsService, SessionsDeletionStep, SessionsErasureStep],
})
export class AuthModule {}
