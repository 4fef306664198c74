import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AuthThrottle } from './auth-throttle.service.js';
import { SessionsErasure } from './sessions-erasure.js';
import { SessionsService } from './sessions.service.js';

@Module({
  controllers: [AuthController],
  providers: [AuthService, SessionsService, SessionsErasure, AuthThrottle, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionsService, AuthThrottle],
})
export class AuthModule {}
