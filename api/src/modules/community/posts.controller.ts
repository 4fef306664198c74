import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  commentInputSchema,
  commentsQuerySchema,
  contentReportInputSchema,
  feedQuerySchema,
  likeInputSchema,
  postEditInputSchema,
  postInputSchema,
  type CommentInput,
  type CommentsQuery,
  type ContentReportInput,
  type FeedQuery,
  type LikeInput,
  type PostEditInput,
  type PostInput,
} from '../../contracts/community.schemas.js';
import { CurrentUser, OptionalUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams, ZQuery } from '../../platform/http/zod.js';
import { CommentsService } from './comments.service.js';
import { ContentRemoval } from './content-removal.js';
import { ContentReportsService } from './content-reports.service.js';
import { LikesService } from './likes.service.js';
import { PostsService } from './posts.service.js';

/** Posts, and their likes, comments and reports. Guests read; every write is checked in the services. */
@ApiTags('community')
@ApiBearerAuth()
@Controller('community/posts')
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly likes: LikesService,
    private readonly comments: CommentsService,
    private readonly reports: ContentReportsService,
    private readonly removal: ContentRemoval,
  ) {}

  @Public()
  @Get('interactions')
  feed(@OptionalUser() viewer: AuthUser | null, @ZQuery(feedQuerySchema) query: FeedQuery) {
    return this.posts.feed(viewer, query);
  }

  @Public()
  @Get(':id')
  byId(@OptionalUser() viewer: AuthUser | null, @ZParams(uuidParam) { id }: { id: string }) {
    return this.posts.view(viewer, id);
  }

  @Post()
  create(@CurrentUser() user: AuthUser, @ZBody(postInputSchema) body: PostInput) {
    return this.posts.create(user, body);
  }

  @Put(':id')
  edit(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(postEditInputSchema) body: PostEditInput) {
    return this.posts.edit(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }) {
    await this.removal.removePost(user, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  like(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(likeInputSchema) body: LikeInput) {
    return this.likes.likePost(user, id, body);
  }

  @Public()
  @Get(':id/like')
  likeState(@OptionalUser() viewer: AuthUser | null, @ZParams(uuidParam) { id }: { id: string }) {
    return this.likes.postLike(viewer, id);
  }

  @Post(':id/comments')
  comment(@CurrentUser() user: AuthUser, @ZParams(uuidParam) { id }: { id: string }, @ZBody(commentInputSchema) body: CommentInput) {
    return this.comments.create(user, id, body);
  }

  @Public()
  @Get(':id/comments')
  commentPage(
    @OptionalUser() viewer: AuthUser | null,
    @ZParams(uuidParam) { id }: { id: string },
    @ZQuery(commentsQuerySchema) query: CommentsQuery,
  ) {
    return this.comments.list(viewer, id, query);
  }

  @Post(':id/report')
  report(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) { id }: { id: string },
    @ZBody(contentReportInputSchema) body: ContentReportInput,
  ) {
    return this.reports.reportPost(user, id, body);
  }
}
