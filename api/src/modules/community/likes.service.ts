import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type LikeInput, type LikeView } from '../../contracts/community.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { CommentsRepository } from './comments.repository.js';
import { CommunityRate } from './community-rate.js';
import { CommentNotFoundError, PostNotFoundError } from './community.errors.js';
import { PostLiked } from './community.events.js';
import { CommentLikesRepository, PostLikesRepository } from './likes.repository.js';
import { PostsRepository } from './posts.repository.js';

/**
 * Likes of posts and comments. POST without `liked` toggles, with it sets (docs/decisions.md). The
 * like row and the count move in one transaction, and the count only when a row was really added or
 * deleted: the liked thing's row lock orders concurrent likers, so the count stays exact.
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posts: PostsRepository,
    private readonly comments: CommentsRepository,
    private readonly postLikes: PostLikesRepository,
    private readonly commentLikes: CommentLikesRepository,
    private readonly outbox: OutboxService,
    private readonly rate: CommunityRate,
  ) {}

  async likePost(user: AuthUser, postId: string, input: LikeInput): Promise<LikeView> {
    await this.rate.take('like', user.id);
    return this.dataSource.transaction(async (tx) => {
      const before = await this.posts.likeState(tx, postId, user.id);
      if (!before) throw new PostNotFoundError();
      const liked = input.liked ?? !before.liked;
      const changed = liked ? await this.postLikes.add(tx, postId, user.id) : await this.postLikes.delete(tx, postId, user.id);
      if (!changed) return { liked, likeCount: before.likeCount };
      const post = await this.posts.moveLikeCount(tx, postId, liked ? 1 : -1);
      if (!post) throw new PostNotFoundError();
      // A newly set like tells the author (their notification counts each person once); their own does not.
      if (liked && post.authorId !== user.id) await this.outbox.publish(tx, PostLiked, { postId, likerId: user.id });
      return { liked, likeCount: post.likeCount };
    });
  }

  async postLike(viewer: AuthUser | null, postId: string): Promise<LikeView> {
    const state = await this.posts.likeState(this.dataSource, postId, viewer?.id ?? null);
    if (!state) throw new PostNotFoundError();
    return state;
  }

  async likeComment(user: AuthUser, commentId: string, input: LikeInput): Promise<LikeView> {
    await this.rate.take('like', user.id);
    return this.dataSource.transaction(async (tx) => {
      const before = await this.comments.likeState(tx, commentId, user.id);
      if (!before) throw new CommentNotFoundError();
      const liked = input.liked ?? !before.liked;
      const changed = liked ? await this.commentLikes.add(tx, commentId, user.id) : await this.commentLikes.delete(tx, commentId, user.id);
      if (!changed) return { liked, likeCount: before.likeCount };
      const likeCount = await this.comments.moveLikeCount(tx, commentId, liked ? 1 : -1);
      if (likeCount === null) throw new CommentNotFoundError();
      return { liked, likeCount };
    });
  }

  async commentLike(viewer: AuthUser | null, commentId: string): Promise<LikeView> {
    const state = await this.comments.likeState(this.dataSource, commentId, viewer?.id ?? null);
    if (!state) throw new CommentNotFoundError();
    return state;
  }
}
