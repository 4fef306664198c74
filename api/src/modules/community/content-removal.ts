import { Injectable } from '@nestjs/common';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { ReportsService } from '../admin/reports/reports.service.js';
import { CommentsService } from './comments.service.js';
import { PostsService } from './posts.service.js';

/**
 * DELETE of a post or comment. Its author removes it as their own; an admin removing someone else's
 * makes the report queue's decision to act on it, reported or not: open reports close as acted on,
 * the removal is audited, and whoever reported it is told, exactly as from the queue.
 */
@Injectable()
export class ContentRemoval {
  constructor(
    private readonly posts: PostsService,
    private readonly comments: CommentsService,
    private readonly reports: ReportsService,
  ) {}

  async removePost(user: AuthUser, postId: string): Promise<void> {
    if (!isAdmin(user) || (await this.posts.authorOf(postId)) === user.id) return this.posts.remove(user, postId);
    await this.reports.removeFromItsPage(user, { kind: 'post', targetId: postId });
  }

  async removeComment(user: AuthUser, commentId: string): Promise<void> {
    if (!isAdmin(user) || (await this.comments.authorOf(commentId)) === user.id) return this.comments.remove(user, commentId);
    await this.reports.removeFromItsPage(user, { kind: 'comment', targetId: commentId });
  }
}
