import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZParams } from '../../platform/http/zod.js';
import { ApplicationsService } from './applications.service.js';

@ApiTags('applications')
@ApiBearerAuth()
@Controller('applications')
export class ApplicationsController {
  constructor(private readonly applications: ApplicationsService) {}

  /** The event's applications (its host or an admin). */
  @Get('event/:id')
  forEvent(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.applications.forEvent(user, params.id);
  }

  /** Pending applications on the caller's events, newest first. */
  @Get('pending')
  pending(@CurrentUser() user: AuthUser) {
    return this.applications.pendingForHost(user);
  }

  /** The caller's own applications, newest first. */
  @Get('mine')
  mine(@CurrentUser() user: AuthUser) {
    return this.applications.mine(user);
  }

  @Post(':id/accept')
  @HttpCode(200)
  accept(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.applications.accept(user, params.id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.applications.reject(user, params.id);
  }
}
