import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { NotificationKeys, type PostToTell } from './community-notify.repository.js';

/** What a post's author hears of: likes and comments, each kind gathered in one unread notification per post. */
const KINDS = {
  // A like taken back and given again is no news; another comment is.
  liked: { type: 'post_liked', groupKey: NotificationKeys.liked, repeatIsNews: false },
  commented: { type: 'post_commented', groupKey: NotificationKeys.commented, repeatIsNews: true },
} as const;

/** Tells a post's author of one more person who liked or commented on it (named once however often told). */
@Injectable()
export class PostAuthorNotice {
  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
  ) {}

  async tell(kind: keyof typeof KINDS, postId: string, actorId: string, post: PostToTell): Promise<void> {
    const { type, groupKey, repeatIsNews } = KINDS[kind];
    await this.dataSource.transaction((tx) =>
      this.notifications.notifyGrouped(tx, {
        userId: post.authorId,
        type,
        fanId: actorId,
        groupKey: `${groupKey}${postId}`,
        repeatIsNews,
        link: `/post/${postId}`,
        eventId: post.eventId,
        eventTitle: post.eventTitle,
      }),
    );
  }
}
