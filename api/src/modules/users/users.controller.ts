import { Controller, Delete, Get, HttpCode, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  profileFieldsSchema,
  type ChangePasswordInput,
  type ProfileFields,
} from '../../contracts/user.contract.js';
import { CurrentSessionId, CurrentUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { type User } from './entities/user.entity.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Put('me')
  updateMe(@CurrentUser() user: User, @ZBody(profileFieldsSchema) body: ProfileFields) {
    return this.users.updateProfile(user, body);
  }

  /** The session making the request stays signed in; every other one is signed out. */
  @Put('me/password')
  async changePassword(
    @CurrentUser() user: User,
    @CurrentSessionId() sessionId: string,
    @ZBody(changePasswordSchema) body: ChangePasswordInput,
    @Req() request: FastifyRequest,
  ) {
    await this.users.changePassword(user, sessionId, body, request.ip);
    return { ok: true };
  }

  @Delete('me')
  @HttpCode(200)
  async deleteMe(@CurrentUser() user: User) {
    await this.users.requestDeletion(user);
    return { ok: true };
  }

  @Get(':id')
  byId(@CurrentUser() user: User, @ZParams(uuidParam) params: { id: string }) {
    return this.users.view(params.id, user);
  }
}
