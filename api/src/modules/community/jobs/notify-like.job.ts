import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PostLiked } from '../community.events.js';
import { CommunityNotifyRepository, type DueWindow } from './community-notify.repository.js';
import { PostAuthorNotice } from './post-author-notice.js';

export const NotifyLikeJob = defineJob({
  name: 'community.notify_like',
  queue: 'community',
  startedBy: PostLiked,
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
});

/**
 * A like not told a minute after it was given had its job lost; one older than an hour is left
 * untold (a late "liked your post" is worth less than the work of looking further back).
 */
export const LIKE_DUE: DueWindow = { afterMs: 60_000, withinMs: 60 * 60_000 };

/**
 * Tells a post's author that someone liked it, in their one unread notification of the post's likes
 * ("Priya and 4 others liked your post"). Nobody hears of their own like, nor of a like taken back,
 * nor of one on a removed post, nor by or to an account being deleted. Telling twice names the person once,
 * and a person whose like the author already read about is not told of again (taking a like back and
 * giving it again is no news, and would otherwise push to the author each time).
 */
@Injectable()
@HandlesJob(NotifyLikeJob)
export class NotifyLikeHandler implements JobHandler<typeof NotifyLikeJob> {
  private readonly logger = new Logger(NotifyLikeHandler.name);

  constructor(
    private readonly repository: CommunityNotifyRepository,
    private readonly notice: PostAuthorNotice,
  ) {}

  async handle({ postId, likerId }: JobData<typeof NotifyLikeJob>): Promise<void> {
    const post = await this.repository.likeToTell(postId, likerId);
    if (!post) return;
    await this.notice.tell('liked', postId, likerId, post);
  }

  findDue(limit: number) {
    return this.repository.dueLikes(LIKE_DUE, limit);
  }

  async onLastFailure({ postId, likerId }: JobData<typeof NotifyLikeJob>, error: Error): Promise<void> {
    this.logger.error({ postId, likerId, err: error }, 'telling of a like used up its attempts; the reconciler retries it within the hour');
  }
}
