import { Controller, Delete, Get, HttpCode, Post, Put, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ratingEditInputSchema,
  ratingInputSchema,
  ratingReportInputSchema,
  replyInputSchema,
  reviewsQuerySchema,
  type RatingEditInput,
  type RatingInput,
  type RatingReportInput,
  type ReplyInput,
  type ReviewsQuery,
} from '../../contracts/ratings.schemas.js';
import { CurrentUser, IS_PUBLIC, OptionalUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { RatingReportsService } from './rating-reports.service.js';
import { RatingsService } from './ratings.service.js';
import { RepliesService } from './replies.service.js';
import { ReviewsService } from './reviews.service.js';

/**
 * Needs a session, but the guard lets a guest through so that the route answers with the spec's
 * "Please log in to submit a rating" instead of the guard's sentence. Unlike @Public(), the OpenAPI
 * document still says it needs a session.
 */
const GuestRefusedByRoute = () => SetMetadata(IS_PUBLIC, true);

/** Ratings of hosts and events: giving them, reading them, the host's replies and reports. */
@ApiTags('ratings')
@ApiBearerAuth()
@Controller('ratings')
export class RatingsController {
  constructor(
    private readonly ratings: RatingsService,
    private readonly reviews: ReviewsService,
    private readonly replies: RepliesService,
    private readonly reports: RatingReportsService,
  ) {}

  @GuestRefusedByRoute()
  @Post()
  give(@OptionalUser() user: AuthUser | null, @ZBody(ratingInputSchema) body: RatingInput) {
    return this.ratings.give(user, body);
  }

  @Get('user')
  mine(@CurrentUser() user: AuthUser) {
    return this.reviews.mine(user);
  }

  @Public()
  @Get('influencer/:id')
  ofHost(
    @OptionalUser() viewer: AuthUser | null,
    @ZParams(uuidParam) { id }: { id: string },
    @ZQuery(reviewsQuerySchema) query: ReviewsQuery,
  ) {
    return this.reviews.ofHost(viewer, id, query);
  }

  @Public()
  @Get('influencer/:id/stats')
  stats(@ZParams(uuidParam) { id }: { id: string }) {
    return this.reviews.stats(id);
  }

  @Put(':id')
  edit(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(ratingEditInputSchema) body: RatingEditInput) {
    return this.ratings.edit(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    await this.ratings.remove(user, id);
  }

  @Put(':id/reply')
  reply(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(replyInputSchema) body: ReplyInput) {
    return this.replies.reply(user, id, body);
  }

  @Delete(':id/reply')
  unreply(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    return this.replies.unreply(user, id);
  }

  @Post(':id/report')
  report(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(ratingReportInputSchema) body: RatingReportInput,
  ) {
    return this.reports.report(user, id, body);
  }
}
