import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CONTENT_REPORT_REASONS } from '../../contracts/community.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { TableReportSource, type ActedChange } from '../admin/reports/report-sources.port.js';
import { CommentsService } from './comments.service.js';
import { COMMENT_REPORT_GROUPS, POST_REPORT_GROUPS } from './content-reports.repository.js';
import { PostsService } from './posts.service.js';

/** Reports of posts in the admin queue; acting removes the post, as its author or an admin removing it does. */
@Injectable()
export class PostReportSource extends TableReportSource {
  readonly kind = 'post';
  readonly recordType = 'post';
  protected readonly spec = POST_REPORT_GROUPS;
  protected override readonly reasonLabels = CONTENT_REPORT_REASONS;

  constructor(
    dataSource: DataSource,
    private readonly posts: PostsService,
  ) {
    super(dataSource);
  }

  async act(tx: EntityManager, postId: string, admin: AuthUser): Promise<ActedChange> {
    const removedNow = await this.posts.removeIn(postId, admin.id, tx);
    return { action: 'post.removed', before: { removed: !removedNow }, after: { removed: true }, actedBefore: !removedNow };
  }
}

/** Reports of comments in the admin queue; acting removes the comment and takes it off its post's count. */
@Injectable()
export class CommentReportSource extends TableReportSource {
  readonly kind = 'comment';
  readonly recordType = 'comment';
  protected readonly spec = COMMENT_REPORT_GROUPS;
  protected override readonly reasonLabels = CONTENT_REPORT_REASONS;

  constructor(
    dataSource: DataSource,
    private readonly comments: CommentsService,
  ) {
    super(dataSource);
  }

  async act(tx: EntityManager, commentId: string, admin: AuthUser): Promise<ActedChange> {
    const postId = await this.comments.removeIn(tx, commentId, admin.id);
    return { action: 'comment.removed', before: { removed: postId === null }, after: { removed: true }, actedBefore: postId === null };
  }
}
