import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  adminNotificationContentSchema,
  adminNotificationListQuerySchema,
  adminNotificationSchema,
  audiencePreviewSchema,
  statsQuerySchema,
  type AdminNotificationContent,
  type AdminNotificationInput,
  type AudiencePreviewInput,
  type StatsQuery,
} from '../../contracts/admin-notifications.contract.js';
import { type PageQuery } from '../../contracts/event/pagination.js';
import { AdminOnly, CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { AdminNotificationsService } from './admin-notifications.service.js';

/** Admins: announcements to an audience, their figures, a test to oneself, and retries. */
@ApiTags('admin notifications')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/notifications')
export class AdminNotificationsController {
  constructor(private readonly announcements: AdminNotificationsService) {}

  @Post()
  create(@CurrentUser() admin: AuthUser, @ZBody(adminNotificationSchema) body: AdminNotificationInput) {
    return this.announcements.create(admin, body);
  }

  @Get()
  list(@ZQuery(adminNotificationListQuerySchema) query: PageQuery) {
    return this.announcements.list(query);
  }

  @Get('stats')
  stats(@ZQuery(statsQuerySchema) query: StatsQuery) {
    return this.announcements.stats(query);
  }

  @Get('cities')
  cities() {
    return this.announcements.cities();
  }

  @Post('audience')
  @HttpCode(200)
  audience(@ZBody(audiencePreviewSchema) body: AudiencePreviewInput) {
    return this.announcements.audienceSize(body.audience);
  }

  @Post('test')
  test(@CurrentUser() admin: AuthUser, @ZBody(adminNotificationContentSchema) body: AdminNotificationContent) {
    return this.announcements.sendTest(admin, body);
  }

  @Get(':id')
  get(@ZParams(uuidParam) { id }: { id: string }) {
    return this.announcements.get(id);
  }

  @Post(':id/retry')
  @HttpCode(200)
  retry(@ZParams(uuidParam) { id }: { id: string }) {
    return this.announcements.retry(id);
  }
}
