import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { userReportListQuerySchema, type UserReportListQuery } from '../../contracts/user-report.contract.js';
import { AdminOnly, CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZParams, ZQuery } from '../../platform/http/zod.js';
import { UserReportsService } from './user-reports.service.js';
import { UsersService } from './users.service.js';

/** Admins: the verified badge of influencers, and the reports people sent about people. */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly reports: UserReportsService,
  ) {}

  @Post('users/:id/verify')
  @HttpCode(200)
  verify(@CurrentUser() admin: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.users.verify(params.id, admin);
  }

  @Delete('users/:id/verify')
  @HttpCode(200)
  unverify(@CurrentUser() admin: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.users.unverify(params.id, admin);
  }

  @Get('user-reports')
  userReports(@ZQuery(userReportListQuerySchema) query: UserReportListQuery) {
    return this.reports.list(query);
  }
}
