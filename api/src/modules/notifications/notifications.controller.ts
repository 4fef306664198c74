import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  deviceRemovalSchema,
  deviceSchema,
  notificationListQuerySchema,
  preferencesSchema,
  type DeviceInput,
  type DeviceRemovalInput,
  type PreferencesInput,
} from '../../contracts/notifications.contract.js';
import { type PageQuery } from '../../contracts/event/pagination.js';
import { CurrentSessionId, CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { NotificationsService } from './notifications.service.js';
import { PushDevicesService } from './push-devices.service.js';

/** The caller's own inbox, devices and push preferences: there is no way to name another person's. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly devices: PushDevicesService,
  ) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @ZQuery(notificationListQuerySchema) query: PageQuery) {
    return this.notifications.list(user.id, query);
  }

  @Get('unread-count')
  async unreadCount(@CurrentUser() user: AuthUser) {
    return { count: await this.notifications.unreadCount(user.id) };
  }

  @Get('unread')
  unread(@CurrentUser() user: AuthUser) {
    return this.notifications.unread(user.id);
  }

  @Post('read-all')
  @HttpCode(200)
  readAll(@CurrentUser() user: AuthUser) {
    return this.notifications.markAllRead(user.id);
  }

  @Get('preferences')
  preferences(@CurrentUser() user: AuthUser) {
    return this.devices.preferences(user.id);
  }

  @Put('preferences')
  setPreferences(@CurrentUser() user: AuthUser, @ZBody(preferencesSchema) body: PreferencesInput) {
    return this.devices.setPreferences(user.id, body.muted);
  }

  @Public()
  @Get('push-config')
  pushConfig() {
    return this.devices.pushConfig();
  }

  @Post('devices')
  register(@CurrentUser() user: AuthUser, @CurrentSessionId() sessionId: string, @ZBody(deviceSchema) body: DeviceInput) {
    return this.devices.register(user.id, sessionId, body);
  }

  @Delete('devices')
  @HttpCode(204)
  async unregister(@CurrentUser() user: AuthUser, @ZBody(deviceRemovalSchema) body: DeviceRemovalInput) {
    await this.devices.unregister(user.id, body.token);
  }

  @Post(':id/read')
  @HttpCode(200)
  read(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.notifications.markRead(user.id, id, false);
  }

  @Post(':id/opened')
  @HttpCode(200)
  opened(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.notifications.markRead(user.id, id, true);
  }

  @Delete(':id')
  @HttpCode(204)
  async dismiss(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    await this.notifications.dismiss(user.id, id);
  }
}
