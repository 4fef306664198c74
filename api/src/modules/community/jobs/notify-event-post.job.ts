import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { MAX_NOTIFICATIONS_PER_EVENT } from '../../notifications/notifications.events.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { EventPostPublished } from '../community.events.js';
import { CommunityNotifyRepository, NotificationKeys, type DueWindow } from './community-notify.repository.js';

export const NotifyEventPostJob = defineJob({
  name: 'community.notify_event_post',
  queue: 'community',
  startedBy: EventPostPublished,
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
});

/** A post about an event with followers untold a minute on had its job lost or cut short; after a day it is news no more. */
export const EVENT_POST_DUE: DueWindow = { afterMs: 60_000, withinMs: 24 * 60 * 60_000 };

/** Followers told per transaction: one notification.created event's worth. */
const CHUNK = MAX_NOTIFICATIONS_PER_EVENT;

/**
 * Tells the author's followers (those who followed before the post) of a new post about an event, a
 * chunk of followers per transaction. Each follower's notification carries the post's dedupe key, so
 * a rerun, or a run after a failure halfway, adds only what is missing.
 */
@Injectable()
@HandlesJob(NotifyEventPostJob)
export class NotifyEventPostHandler implements JobHandler<typeof NotifyEventPostJob> {
  private readonly logger = new Logger(NotifyEventPostHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: CommunityNotifyRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async handle({ postId }: JobData<typeof NotifyEventPostJob>): Promise<void> {
    const post = await this.repository.eventPostToTell(postId);
    if (!post) return;
    let told = 0;
    let beforeSeq: string | null = null;
    for (;;) {
      const followers = await this.repository.followersPage(post.authorId, post.createdAt, beforeSeq, CHUNK);
      if (followers.length === 0) break;
      const stored = await this.dataSource.transaction((tx) =>
        this.notifications.notify(
          tx,
          ...followers.map(({ followerId }) => ({
            userId: followerId,
            type: 'new_post' as const,
            fanId: post.authorId,
            eventId: post.eventId,
            eventTitle: post.eventTitle,
            link: `/post/${postId}`,
            dedupeKey: `${NotificationKeys.newPost}${postId}`,
          })),
        ),
      );
      told += stored.length;
      if (followers.length < CHUNK) break;
      beforeSeq = followers.at(-1)!.seq;
    }
    if (told > 0) this.logger.log({ postId, told }, 'followers told of a new post');
  }

  findDue(limit: number) {
    return this.repository.dueEventPosts(EVENT_POST_DUE, limit);
  }

  async onLastFailure({ postId }: JobData<typeof NotifyEventPostJob>, error: Error): Promise<void> {
    this.logger.error(
      { postId, err: error },
      'telling followers of a new post used up its attempts; the reconciler resumes it within the day',
    );
  }
}
