import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  moderationDecisionSchema,
  reviewQueueQuerySchema,
  type ModerationDecisionInput,
  type ReviewQueueQuery,
} from '../../contracts/event-moderation.contract.js';
import { AdminOnly, CurrentUser, RequiresPermission, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { EventModerationService } from './event-moderation.service.js';

/** Event moderation: any admin reads the queue and an event's review; deciding needs the permission flag. */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/events')
export class AdminEventsController {
  constructor(private readonly moderation: EventModerationService) {}

  @AdminOnly()
  @Get('review')
  queue(@ZQuery(reviewQueueQuerySchema) query: ReviewQueueQuery) {
    return this.moderation.queue(query);
  }

  @AdminOnly()
  @Get(':id/review')
  review(@ZParams(uuidParam) { id }: { id: string }) {
    return this.moderation.review(id);
  }

  @RequiresPermission('approve_events')
  @Post(':id/approve')
  @HttpCode(200)
  approve(@CurrentUser() admin: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.moderation.approve(id, admin);
  }

  @RequiresPermission('approve_events')
  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @CurrentUser() admin: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(moderationDecisionSchema) body: ModerationDecisionInput,
  ) {
    return this.moderation.reject(id, admin, body.reason);
  }

  @RequiresPermission('delete_events')
  @Post(':id/take-down')
  @HttpCode(200)
  takeDown(
    @CurrentUser() admin: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(moderationDecisionSchema) body: ModerationDecisionInput,
  ) {
    return this.moderation.takeDownNow(id, admin, body.reason);
  }
}
