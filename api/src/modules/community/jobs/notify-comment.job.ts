import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { CommentAdded } from '../community.events.js';
import { CommunityNotifyRepository, type DueWindow } from './community-notify.repository.js';
import { PostAuthorNotice } from './post-author-notice.js';

export const NotifyCommentJob = defineJob({
  name: 'community.notify_comment',
  queue: 'community',
  startedBy: CommentAdded,
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
});

/** As for likes: a comment untold after a minute had its job lost; after an hour it is left untold. */
export const COMMENT_DUE: DueWindow = { afterMs: 60_000, withinMs: 60 * 60_000 };

/**
 * Tells a post's author that someone commented, in their one unread notification of the post's
 * comments. Not of their own comments, nor of one removed before the job ran, nor by or to an
 * account being deleted. A second comment by the same person names them once.
 */
@Injectable()
@HandlesJob(NotifyCommentJob)
export class NotifyCommentHandler implements JobHandler<typeof NotifyCommentJob> {
  private readonly logger = new Logger(NotifyCommentHandler.name);

  constructor(
    private readonly repository: CommunityNotifyRepository,
    private readonly notice: PostAuthorNotice,
  ) {}

  async handle({ postId, commentId }: JobData<typeof NotifyCommentJob>): Promise<void> {
    const comment = await this.repository.commentToTell(commentId);
    if (!comment) return;
    await this.notice.tell('commented', postId, comment.commenterId, comment);
  }

  findDue(limit: number) {
    return this.repository.dueComments(COMMENT_DUE, limit);
  }

  async onLastFailure({ postId, commentId }: JobData<typeof NotifyCommentJob>, error: Error): Promise<void> {
    this.logger.error(
      { postId, commentId, err: error },
      'telling of a comment used up its attempts; the reconciler retries it within the hour',
    );
  }
}
