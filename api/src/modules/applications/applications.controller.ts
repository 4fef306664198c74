import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZParams } from '../../platform/http/zod.js';
import { ApplicationsService } from './applications.service.js';
import { LeavingService } from './leaving.service.js';

@ApiTags('applications')
@ApiBearerAuth()
@Controller('applications')
export class ApplicationsController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly leaving: LeavingService,
  ) {}

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

  /** What leaving the caller's own booking now would give back (to confirm before leaving). */
  @Get(':id/leave')
  leavingPreview(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.leaving.preview(user, params.id);
  }

  /** The fan leaves their own pending or accepted booking (the cancellation policy says what comes back). */
  @Post(':id/leave')
  @HttpCode(200)
  leave(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.leaving.leave(user, params.id);
  }
}
