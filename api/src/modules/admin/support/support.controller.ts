import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  supportActionSchema,
  supportJobParamsSchema,
  supportSearchSchema,
  type SupportActionInput,
  type SupportJobParams,
  type SupportSearchInput,
} from '../../../contracts/support.contract.js';
import { CurrentUser, SupportAccess, type AuthUser } from '../../../platform/http/auth-context.js';
import { ZBody, ZParams, ZQuery } from '../../../platform/http/zod.js';
import { SupportJobsService } from './support-jobs.service.js';

/** The support view of the job queues: support staff and admins only. */
@ApiTags('admin')
@ApiBearerAuth()
@SupportAccess()
@Controller('admin/support/jobs')
export class SupportController {
  constructor(private readonly jobs: SupportJobsService) {}

  /** GET /admin/support/jobs?id=<uuid>: the jobs of an application, payment, event or person. */
  @Get()
  search(@ZQuery(supportSearchSchema) query: SupportSearchInput) {
    return this.jobs.search(query.id);
  }

  @Get(':queue/:jobId')
  detail(@ZParams(supportJobParamsSchema) params: SupportJobParams) {
    return this.jobs.detail(params.queue, params.jobId);
  }

  /** Body `{ confirm: true, reason }`: a failed job back to waiting. */
  @Post(':queue/:jobId/retry')
  @HttpCode(200)
  retry(
    @CurrentUser() user: AuthUser,
    @ZParams(supportJobParamsSchema) params: SupportJobParams,
    @ZBody(supportActionSchema) body: SupportActionInput,
  ) {
    return this.jobs.retry(user, params.queue, params.jobId, body.reason);
  }

  /** Body `{ confirm: true, reason }`: a failed job removed for good. */
  @Post(':queue/:jobId/discard')
  @HttpCode(200)
  async discard(
    @CurrentUser() user: AuthUser,
    @ZParams(supportJobParamsSchema) params: SupportJobParams,
    @ZBody(supportActionSchema) body: SupportActionInput,
  ) {
    await this.jobs.discard(user, params.queue, params.jobId, body.reason);
    return { discarded: true };
  }
}
