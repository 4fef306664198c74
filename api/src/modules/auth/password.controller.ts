import { Controller, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { changePasswordSchema, type ChangePasswordInput } from '../../contracts/user.contract.js';
import { CurrentSessionId, CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { ZBody } from '../../platform/http/zod.js';
import { AuthService } from './auth.service.js';

/** The person's own password, under /users/me like the rest of their account. */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me/password')
export class PasswordController {
  constructor(private readonly auth: AuthService) {}

  /** The session making the request stays signed in; every other one is signed out. */
  @Put()
  async change(
    @CurrentUser() user: AuthUser,
    @CurrentSessionId() sessionId: string,
    @ZBody(changePasswordSchema) body: ChangePasswordInput,
    @Req() request: FastifyRequest,
  ) {
    await this.auth.changePassword(user, sessionId, body, request.ip);
    return { ok: true };
  }
}
