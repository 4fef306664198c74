import { Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  governmentIdLinkQuerySchema,
  moderationReasonSchema,
  peopleSearchQuerySchema,
  verificationApprovalSchema,
  type GovernmentIdLinkQuery,
  type ModerationReasonInput,
  type PeopleSearchQuery,
  type VerificationApprovalInput,
} from '../../contracts/people.contract.js';
import { AdminOnly, CurrentUser, Public, RequiresPermission, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { InfluencerVerification } from './influencer-verification.service.js';
import { PeopleDirectory } from './people-directory.service.js';
import { Suspensions } from './suspensions.service.js';
import { UsersService } from './users.service.js';

type IdParams = { id: string };

/**
 * The admin's people pages (issue 24). Any admin may search, open a person's page, suspend and
 * restore (no admin_permissions flag guards people in general); the government id and the verified
 * badge need verify_influencers.
 */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/users')
export class AdminPeopleController {
  constructor(
    private readonly directory: PeopleDirectory,
    private readonly suspensions: Suspensions,
    private readonly verification: InfluencerVerification,
    private readonly users: UsersService,
  ) {}

  @Get()
  search(@ZQuery(peopleSearchQuerySchema) query: PeopleSearchQuery) {
    return this.directory.search(query);
  }

  @Get(':id')
  page(@ZParams(uuidParam) params: IdParams) {
    return this.directory.page(params.id);
  }

  @Post(':id/suspend')
  @HttpCode(200)
  async suspend(
    @CurrentUser() admin: AuthUser,
    @ZParams(uuidParam) params: IdParams,
    @ZBody(moderationReasonSchema) body: ModerationReasonInput,
  ) {
    await this.suspensions.suspendNow(admin, params.id, body.reason);
    return this.directory.page(params.id);
  }

  @Post(':id/restore')
  @HttpCode(200)
  async restore(
    @CurrentUser() admin: AuthUser,
    @ZParams(uuidParam) params: IdParams,
    @ZBody(moderationReasonSchema) body: ModerationReasonInput,
  ) {
    await this.suspensions.restore(admin, params.id, body.reason);
    return this.directory.page(params.id);
  }

  @Get(':id/government-id')
  @RequiresPermission('verify_influencers')
  governmentId(@CurrentUser() admin: AuthUser, @ZParams(uuidParam) params: IdParams) {
    return this.verification.governmentIdLink(admin, params.id);
  }

  /** The signed link itself is the credential: an <img> sends no bearer token. */
  @Public()
  @Get(':id/government-id/file')
  async governmentIdFile(
    @ZParams(uuidParam) params: IdParams,
    @ZQuery(governmentIdLinkQuerySchema) query: GovernmentIdLinkQuery,
    @Res() reply: FastifyReply,
  ) {
    const file = await this.verification.governmentIdFile(params.id, query);
    return reply
      .headers({
        'content-type': file.contentType,
        'content-length': file.bytes,
        'content-disposition': 'inline',
        'content-security-policy': 'sandbox',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        'referrer-policy': 'no-referrer',
      })
      .send(file.stream);
  }

  /** Approves the influencer's verification: the badge on their cards, events and profile. */
  @Post(':id/verify')
  @HttpCode(200)
  @RequiresPermission('verify_influencers')
  async verify(
    @CurrentUser() admin: AuthUser,
    @ZParams(uuidParam) params: IdParams,
    @ZBody(verificationApprovalSchema) body: VerificationApprovalInput,
  ) {
    await this.verification.approve(admin, params.id, body.note);
    return this.users.view(params.id, admin);
  }

  @Delete(':id/verify')
  @HttpCode(200)
  @RequiresPermission('verify_influencers')
  async unverify(@CurrentUser() admin: AuthUser, @ZParams(uuidParam) params: IdParams) {
    await this.verification.withdraw(admin, params.id);
    return this.users.view(params.id, admin);
  }

  @Post(':id/verification/refuse')
  @HttpCode(200)
  @RequiresPermission('verify_influencers')
  async refuse(
    @CurrentUser() admin: AuthUser,
    @ZParams(uuidParam) params: IdParams,
    @ZBody(moderationReasonSchema) body: ModerationReasonInput,
  ) {
    await this.verification.refuse(admin, params.id, body.reason);
    return this.directory.page(params.id);
  }
}
