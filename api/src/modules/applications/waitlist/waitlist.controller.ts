import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../platform/http/auth-context.js';
import { uuidParam, ZParams } from '../../../platform/http/zod.js';
import { WaitlistService } from './waitlist.service.js';

const entryParams = uuidParam.extend({ entryId: z.uuid() });

/** A full event's waitlist: the fan's place on it, and the host's list. */
@ApiTags('waitlist')
@ApiBearerAuth()
@Controller('events/:id/waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  /** Joins the list of a full event (no payment). 409 while seats are free for newcomers. */
  @Post()
  join(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.waitlist.join(user, params.id);
  }

  /** Leaves the list, or declines an offer. */
  @Delete()
  @HttpCode(200)
  leave(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.waitlist.leave(user, params.id);
  }

  /** The caller's place (1-based among those waiting), status and offer expiry, and whether the event is full. */
  @Get('me')
  mine(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.waitlist.mine(user, params.id);
  }

  /** The list in order (host or admin). */
  @Get()
  list(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.waitlist.list(user, params.id);
  }

  /** The host (or an admin) offers a free seat to this person on the list. 409 when no seat is free. */
  @Post(':entryId/offer')
  @HttpCode(200)
  offer(@CurrentUser() user: AuthUser, @ZParams(entryParams) params: { id: string; entryId: string }) {
    return this.waitlist.offer(user, params.id, params.entryId);
  }
}
