import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { reportUserSchema, type ReportUserInput } from '../../contracts/user-report.contract.js';
import { profileFieldsSchema, type ProfileFields } from '../../contracts/user.contract.js';
import { CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { UserReportsService } from './user-reports.service.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly reports: UserReportsService,
  ) {}

  /** The caller's own view (the mobile app's session handed to the web view is checked with it). */
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.users.view(user.id, user);
  }

  @Put('me')
  updateMe(@CurrentUser() user: AuthUser, @ZBody(profileFieldsSchema) body: ProfileFields) {
    return this.users.updateProfile(user, body);
  }

  @Delete('me')
  @HttpCode(200)
  async deleteMe(@CurrentUser() user: AuthUser) {
    await this.users.requestDeletion(user);
    return { ok: true };
  }

  @Get(':id')
  byId(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.users.view(params.id, user);
  }

  @Post(':id/report')
  report(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }, @ZBody(reportUserSchema) body: ReportUserInput) {
    return this.reports.report(user, params.id, body);
  }
}
