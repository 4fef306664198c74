import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  commentInputSchema,
  contentReportInputSchema,
  likeInputSchema,
  type CommentInput,
  type ContentReportInput,
  type LikeInput,
} from '../../contracts/community.schemas.js';
import { CurrentUser, OptionalUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { CommentsService } from './comments.service.js';
import { ContentRemoval } from './content-removal.js';
import { ContentReportsService } from './content-reports.service.js';
import { LikesService } from './likes.service.js';

/** One comment: its author changes or removes it (an admin removes any), people like and report it. */
@ApiTags('community')
@ApiBearerAuth()
@Controller('community/comments')
export class CommentsController {
  constructor(
    private readonly comments: CommentsService,
    private readonly likes: LikesService,
    private readonly reports: ContentReportsService,
    private readonly removal: ContentRemoval,
  ) {}

  @Put(':id')
  edit(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(commentInputSchema) body: CommentInput) {
    return this.comments.edit(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    await this.removal.removeComment(user, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  like(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(likeInputSchema) body: LikeInput) {
    return this.likes.likeComment(user, id, body);
  }

  @Public()
  @Get(':id/like')
  likeState(@OptionalUser() viewer: AuthUser | null, @ZParams(uuidParam) { id }: { id: string }) {
    return this.likes.commentLike(viewer, id);
  }

  @Post(':id/report')
  report(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(contentReportInputSchema) body: ContentReportInput,
  ) {
    return this.reports.reportComment(user, id, body);
  }
}
