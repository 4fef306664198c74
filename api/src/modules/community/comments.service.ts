import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type CommentInput, type CommentPageView, type CommentView, type CommentsQuery } from '../../contracts/community.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { CommentsRepository, type LiveComment } from './comments.repository.js';
import { CommunityRate } from './community-rate.js';
import { CommentNotFoundError, NotYourCommentError, PostNotFoundError } from './community.errors.js';
import { CommentAdded } from './community.events.js';
import { commentView } from './community.views.js';
import { CommunityFeedCache } from './feed-cache.js';
import { keysetPage, seqOfCursor } from './keyset.js';
import { PostsRepository } from './posts.repository.js';

/** Comments under posts: oldest first, written and changed by their authors, removed by them or, through the report queue's decision, an admin. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly posts: PostsRepository,
    private readonly outbox: OutboxService,
    private readonly rate: CommunityRate,
    private readonly feedCache: CommunityFeedCache,
  ) {}

  async list(viewer: AuthUser | null, postId: string, query: CommentsQuery): Promise<CommentPageView> {
    const afterSeq = seqOfCursor(query.cursor);
    if (!(await this.posts.findLive(postId))) throw new PostNotFoundError();
    const viewerId = viewer?.id ?? null;
    const page = keysetPage(await this.comments.page(postId, viewerId, afterSeq, query.limit + 1), query.limit);
    return { comments: page.rows.map((row) => commentView(row, viewerId)), nextCursor: page.nextCursor };
  }

  /** The post's count moves with the new comment; its author hears of it unless they wrote it. */
  async create(user: AuthUser, postId: string, input: CommentInput): Promise<CommentView> {
    await this.rate.take('comment', user.id);
    const commentId = await this.posts.transaction(async (tx) => {
      const post = await this.posts.addComment(tx, postId);
      if (!post) throw new PostNotFoundError();
      const id = await this.comments.insert(tx, { postId, authorId: user.id, text: input.text });
      if (post.authorId !== user.id) await this.outbox.publish(tx, CommentAdded, { postId, commentId: id });
      return id;
    });
    this.feedCache.clear();
    return this.view(user, commentId);
  }

  async edit(user: AuthUser, commentId: string, input: CommentInput): Promise<CommentView> {
    const comment = await this.liveComment(commentId);
    if (comment.authorId !== user.id) throw new NotYourCommentError();
    if (!(await this.comments.edit(commentId, input.text))) throw new CommentNotFoundError();
    this.feedCache.clear();
    return this.view(user, commentId);
  }

  /** Who wrote the comment, while it is readable (404 otherwise). */
  async authorOf(commentId: string): Promise<string> {
    return (await this.liveComment(commentId)).authorId;
  }

  /** By its author. (An admin removes someone else's through the report queue's decision: ContentRemoval.) */
  async remove(user: AuthUser, commentId: string): Promise<void> {
    const comment = await this.liveComment(commentId);
    if (comment.authorId !== user.id) throw new NotYourCommentError();
    await this.posts.transaction(async (tx) => {
      if (!(await this.removeIn(tx, commentId, user.id))) throw new CommentNotFoundError();
    });
  }

  /**
   * Removes a comment (its author, or the report queue's decision to act on it: from the queue or its page) and takes it off its
   * post's count; the post's id, or null when it was gone already. The shared feed pages are cleared.
   */
  async removeIn(tx: EntityManager, commentId: string, removedBy: string): Promise<string | null> {
    const postId = await this.comments.remove(tx, commentId, removedBy);
    if (!postId) return null;
    await this.posts.dropComment(tx, postId);
    this.feedCache.clear();
    return postId;
  }

  private async view(viewer: AuthUser, commentId: string): Promise<CommentView> {
    const row = await this.comments.view(commentId, viewer.id);
    if (!row) throw new CommentNotFoundError();
    return commentView(row, viewer.id);
  }

  private async liveComment(commentId: string): Promise<LiveComment> {
    const comment = await this.comments.findLive(commentId);
    if (!comment) throw new CommentNotFoundError();
    return comment;
  }
}
