import { Injectable } from '@nestjs/common';
import {
  CommunityMessages,
  type AdminContentReportView,
  type ContentReportInput,
  type ContentReportListQuery,
  type ContentReportView,
} from '../../contracts/community.contract.js';
import { paginate, type Pagination } from '../../contracts/event/pagination.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { CommentsRepository } from './comments.repository.js';
import { CommunityRate } from './community-rate.js';
import { CannotReportOwnError, CommentNotFoundError, PostNotFoundError, ReportAlreadyOpenError } from './community.errors.js';
import { ContentReportsRepository } from './content-reports.repository.js';
import { PostsRepository } from './posts.repository.js';

type Target = { kind: 'post'; id: string } | { kind: 'comment'; id: string };

/** People reporting posts and comments (the shape of user reports), and the moderators' list of them. */
@Injectable()
export class ContentReportsService {
  constructor(
    private readonly reports: ContentReportsRepository,
    private readonly posts: PostsRepository,
    private readonly comments: CommentsRepository,
    private readonly rate: CommunityRate,
  ) {}

  reportPost(reporter: AuthUser, postId: string, input: ContentReportInput): Promise<ContentReportView> {
    return this.report(reporter, { kind: 'post', id: postId }, input);
  }

  reportComment(reporter: AuthUser, commentId: string, input: ContentReportInput): Promise<ContentReportView> {
    return this.report(reporter, { kind: 'comment', id: commentId }, input);
  }

  async list(query: ContentReportListQuery): Promise<{ data: AdminContentReportView[]; pagination: Pagination }> {
    const { rows, total } = await this.reports.page(query.status, query.limit, (query.page - 1) * query.limit);
    return {
      data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      pagination: paginate(query.page, query.limit, total),
    };
  }

  /** One open report per reporter and post or comment; what is not readable cannot be reported, nor one's own. */
  private async report(reporter: AuthUser, target: Target, input: ContentReportInput): Promise<ContentReportView> {
    await this.rate.take('report', reporter.id);
    const found = target.kind === 'post' ? await this.posts.findLive(target.id) : await this.comments.findLive(target.id);
    if (!found) throw target.kind === 'post' ? new PostNotFoundError() : new CommentNotFoundError();
    if (found.authorId === reporter.id) throw new CannotReportOwnError();
    const details = input.details || null;
    const stored = await this.reports.insertOpen({
      reporterId: reporter.id,
      target: target.kind === 'post' ? { postId: target.id } : { commentId: target.id },
      reason: input.reason,
      details,
    });
    if (!stored) throw new ReportAlreadyOpenError();
    return {
      id: stored.id,
      target: target.kind,
      targetId: target.id,
      reason: input.reason,
      details,
      status: 'open',
      createdAt: stored.createdAt.toISOString(),
      message: CommunityMessages.reported,
    };
  }
}
