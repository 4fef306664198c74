import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkMobileSchema, loginSchema, registerSchema, type RegisterInput } from '../../contracts/user.contract.js';
import { CurrentSessionId, CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { ZBody } from '../../platform/http/zod.js';
import { AuthService } from './auth.service.js';

type LoginInput = z.infer<typeof loginSchema>;

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('register')
  register(@ZBody(registerSchema) body: RegisterInput, @Req() request: FastifyRequest) {
    return this.auth.register(body, request.ip);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@ZBody(loginSchema) body: LoginInput, @Req() request: FastifyRequest) {
    return this.auth.login(body.email, body.password, request.ip);
  }

  /** The older client's path for the same email login. */
  @Public()
  @Post('oldLogin')
  @HttpCode(200)
  oldLogin(@ZBody(loginSchema) body: LoginInput, @Req() request: FastifyRequest) {
    return this.auth.login(body.email, body.password, request.ip);
  }

  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentSessionId() sessionId: string) {
    await this.auth.logout(sessionId);
    return { ok: true };
  }

  @ApiBearerAuth()
  @Post('refresh')
  @HttpCode(200)
  refresh(@CurrentUser() user: AuthUser, @CurrentSessionId() sessionId: string) {
    return this.auth.refresh(user, sessionId);
  }

  @Public()
  @Post('check-mobile')
  @HttpCode(200)
  checkMobile(@ZBody(checkMobileSchema) body: { mobile_number: string }, @Req() request: FastifyRequest) {
    return this.auth.checkMobile(body.mobile_number, request.ip);
  }
}
