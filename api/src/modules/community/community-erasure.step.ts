import { Injectable, Logger } from '@nestjs/common';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { CommentsRepository } from './comments.repository.js';
import { ContentReportsRepository } from './content-reports.repository.js';
import { CommentLikesRepository, PostLikesRepository } from './likes.repository.js';
import { PostsRepository } from './posts.repository.js';

/** How many times each id occurs. */
function countOf(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * An erased account's posts, comments and likes are deleted (docs/decisions.md): other people's
 * posts and comments lose what the person added to their counts, and the photos of the posts are no
 * longer referenced, so the uploads step (after this one) and the sweep release them. Since the
 * deletion request the reads have hidden all of it already. One transaction; a second run finds
 * nothing left to do.
 */
@Injectable()
export class CommunityErasureStep implements AccountErasureStep {
  private readonly logger = new Logger(CommunityErasureStep.name);

  constructor(
    private readonly posts: PostsRepository,
    private readonly comments: CommentsRepository,
    private readonly postLikes: PostLikesRepository,
    private readonly commentLikes: CommentLikesRepository,
    private readonly reports: ContentReportsRepository,
  ) {}

  async erase(userId: string): Promise<void> {
    const erased = await this.posts.transaction(async (tx) => {
      // Their posts first: the comments and likes under them go too, so no count is moved for those.
      const posts = await this.posts.deleteWrittenBy(tx, userId);
      const commentedPosts = await this.comments.deleteWrittenBy(tx, userId);
      const likedPosts = await this.postLikes.deleteGivenBy(tx, userId);
      const likedComments = await this.commentLikes.deleteGivenBy(tx, userId);
      await this.posts.dropComments(tx, countOf(commentedPosts));
      await this.posts.dropLikes(tx, countOf(likedPosts));
      await this.comments.dropLikes(tx, countOf(likedComments));
      await this.reports.clearDetailsWrittenBy(tx, userId);
      return { posts, comments: commentedPosts.length, postLikes: likedPosts.length, commentLikes: likedComments.length };
    });
    this.logger.log({ userId, ...erased }, 'community content erased');
  }
}
