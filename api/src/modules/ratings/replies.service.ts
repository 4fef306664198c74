import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ReplyInput, type RatingView } from '../../contracts/ratings.contract.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { NotYourReviewError, RatingNotFoundError } from './ratings.errors.js';
import { RatingsRepository, type LiveRating } from './ratings.repository.js';
import { RatingsService } from './ratings.service.js';

/** The rated host's one reply to a review: set, edited or taken back. */
@Injectable()
export class RepliesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ratings: RatingsRepository,
    private readonly notifications: NotificationsService,
    private readonly views: RatingsService,
  ) {}

  /** The rater hears of the first reply to their review only (a reply taken back and written again is not news). */
  async reply(user: AuthUser, id: string, input: ReplyInput): Promise<RatingView> {
    const rating = await this.ratedHostsLive(user, id);
    await this.dataSource.transaction(async (tx) => {
      const stored = await this.ratings.setReply(tx, id, input.text);
      if (!stored) throw new RatingNotFoundError();
      if (!stored.first || rating.raterDeleted) return;
      await this.notifications.notify(tx, {
        userId: rating.raterId,
        type: 'review_reply',
        fanId: user.id,
        eventId: rating.eventId,
        eventTitle: rating.eventTitle,
        link: `/profile-preview/${user.id}/reviews/${rating.eventId}`,
        dedupeKey: `review_reply:${id}`,
      });
    });
    return this.views.viewOf(id, user);
  }

  async unreply(user: AuthUser, id: string): Promise<RatingView> {
    await this.ratedHostsLive(user, id);
    if (!(await this.ratings.clearReply(id))) throw new RatingNotFoundError();
    return this.views.viewOf(id, user);
  }

  private async ratedHostsLive(user: AuthUser, id: string): Promise<LiveRating> {
    const rating = await this.ratings.findLive(id);
    if (!rating) throw new RatingNotFoundError();
    if (rating.ratedInfluencerId !== user.id) throw new NotYourReviewError();
    return rating;
  }
}
