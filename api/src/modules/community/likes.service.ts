import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type LikeInput, type LikeView } from '../../contracts/community.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { CommentsRepository } from './comments.repository.js';
import { CommunityRate } from './community-rate.js';
import { CommentNotFoundError, PostNotFoundError } from './community.errors.js';
import { PostLiked } from './community.events.js';
import { CommentLikesRepository, PostLikesRepository, type LikeRows } from './likes.repository.js';
import { PostsRepository } from './posts.repository.js';

/**
 * Likes of posts and comments. POST without `liked` toggles, with it sets (docs/decisions.md). The
 * like row and the count move in one statement (LikeRows.set), and the count only when a row was
 * really added or deleted, so it stays exact; a new like of someone else's post is announced in the
 * same transaction.
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
    return this.setLike(
      this.postLikes,
      () => new PostNotFoundError(),
      user,
      postId,
      input,
      async (tx, authorId) => {
        // A newly set like tells the author (their notification counts each person once); their own does not.
        if (authorId !== user.id) await this.outbox.publish(tx, PostLiked, { postId, likerId: user.id });
      },
    );
  }

  async postLike(viewer: AuthUser | null, postId: string): Promise<LikeView> {
    const state = await this.posts.likeState(this.dataSource, postId, viewer?.id ?? null);
    if (!state) throw new PostNotFoundError();
    return state;
  }

  async likeComment(user: AuthUser, commentId: string, input: LikeInput): Promise<LikeView> {
    return this.setLike(this.commentLikes, () => new CommentNotFoundError(), user, commentId, input);
  }

  async commentLike(viewer: AuthUser | null, commentId: string): Promise<LikeView> {
    const state = await this.comments.likeState(this.dataSource, commentId, viewer?.id ?? null);
    if (!state) throw new CommentNotFoundError();
    return state;
  }

  /** Sets or toggles the caller's like of one thing; `newLike` runs, in the transaction, when a like was added. */
  private async setLike(
    likes: LikeRows,
    notFound: () => Error,
    user: AuthUser,
    id: string,
    input: LikeInput,
    newLike?: (tx: EntityManager, authorId: string) => Promise<void>,
  ): Promise<LikeView> {
    await this.rate.take('like', user.id);
    const set = async (runner: DataSource | EntityManager) => {
      const outcome = await likes.set(runner, id, user.id, input.liked);
      if (!outcome) throw notFound();
      return outcome;
    };
    // Taking a like back announces nothing: its one statement needs no transaction around it, and the
    // liked thing's row is locked only while it runs.
    if (!newLike || input.liked === false) {
      const outcome = await set(this.dataSource);
      return { liked: outcome.liked, likeCount: outcome.likeCount };
    }
    return this.dataSource.transaction(async (tx) => {
      const outcome = await set(tx);
      if (outcome.changed && outcome.liked) await newLike(tx, outcome.authorId);
      return { liked: outcome.liked, likeCount: outcome.likeCount };
    });
  }
}
