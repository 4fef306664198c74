import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
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
    const posts: Likeable<{ likeCount: number; authorId: string }> = {
      state: (tx, id, userId) => this.posts.likeState(tx, id, userId),
      likes: this.postLikes,
      moveCount: (tx, id, delta) => this.posts.moveLikeCount(tx, id, delta),
      notFound: () => new PostNotFoundError(),
    };
    return this.setLike(posts, user, postId, input, async (tx, post) => {
      // A newly set like tells the author (their notification counts each person once); their own does not.
      if (post.authorId !== user.id) await this.outbox.publish(tx, PostLiked, { postId, likerId: user.id });
    });
  }

  async postLike(viewer: AuthUser | null, postId: string): Promise<LikeView> {
    const state = await this.posts.likeState(this.dataSource, postId, viewer?.id ?? null);
    if (!state) throw new PostNotFoundError();
    return state;
  }

  async likeComment(user: AuthUser, commentId: string, input: LikeInput): Promise<LikeView> {
    const comments: Likeable<{ likeCount: number }> = {
      state: (tx, id, userId) => this.comments.likeState(tx, id, userId),
      likes: this.commentLikes,
      moveCount: async (tx, id, delta) => {
        const likeCount = await this.comments.moveLikeCount(tx, id, delta);
        return likeCount === null ? null : { likeCount };
      },
      notFound: () => new CommentNotFoundError(),
    };
    return this.setLike(comments, user, commentId, input);
  }

  async commentLike(viewer: AuthUser | null, commentId: string): Promise<LikeView> {
    const state = await this.comments.likeState(this.dataSource, commentId, viewer?.id ?? null);
    if (!state) throw new CommentNotFoundError();
    return state;
  }

  /** Sets or toggles the caller's like of one thing; `newLike` runs, in the transaction, when a like was added. */
  private async setLike<Moved extends { likeCount: number }>(
    thing: Likeable<Moved>,
    user: AuthUser,
    id: string,
    input: LikeInput,
    newLike?: (tx: EntityManager, moved: Moved) => Promise<void>,
  ): Promise<LikeView> {
    await this.rate.take('like', user.id);
    return this.dataSource.transaction(async (tx) => {
      const before = await thing.state(tx, id, user.id);
      if (!before) throw thing.notFound();
      const liked = input.liked ?? !before.liked;
      const changed = liked ? await thing.likes.add(tx, id, user.id) : await thing.likes.delete(tx, id, user.id);
      if (!changed) return { liked, likeCount: before.likeCount };
      const moved = await thing.moveCount(tx, id, liked ? 1 : -1);
      if (!moved) throw thing.notFound();
      if (liked) await newLike?.(tx, moved);
      return { liked, likeCount: moved.likeCount };
    });
  }
}

/** What liking needs of a post or a comment: its like state, its like rows, and its count moved (`Moved`: the count after, and what else the row answers). */
interface Likeable<Moved extends { likeCount: number }> {
  state(tx: EntityManager, id: string, userId: string): Promise<LikeView | null>;
  likes: {
    add(tx: EntityManager, id: string, userId: string): Promise<boolean>;
    delete(tx: EntityManager, id: string, userId: string): Promise<boolean>;
  };
  moveCount(tx: EntityManager, id: string, delta: 1 | -1): Promise<Moved | null>;
  notFound(): Error;
}
