import { Injectable } from '@nestjs/common';
import { type MyRatingsView, type RatingStatsView, type ReviewPageView, type ReviewsQuery } from '../../contracts/ratings.contract.js';
import { paginate } from '../../contracts/event/pagination.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { RatingPromptsRepository } from './rating-prompts.repository.js';
import { RatingsRepository } from './ratings.repository.js';
import { awaitingView, ratingView, statsView } from './ratings.views.js';

/** What people read of ratings: a host's reviews and stats (anyone), one's own ratings and what awaits one. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly ratings: RatingsRepository,
    private readonly prompts: RatingPromptsRepository,
    private readonly accounts: UserAccounts,
  ) {}

  async mine(user: AuthUser): Promise<MyRatingsView> {
    const [ratings, awaiting] = await Promise.all([this.ratings.ofRater(user.id), this.prompts.awaitingOf(user.id)]);
    return { ratings: ratings.map((row) => ratingView(row, user.id)), awaiting: awaiting.map(awaitingView) };
  }

  /** 404 "User not found." for no such person or a deleted account, as for their profile. */
  async ofHost(viewer: AuthUser | null, hostId: string, query: ReviewsQuery): Promise<ReviewPageView> {
    await this.accounts.requireActive(hostId);
    const { rows, total } = await this.ratings.hostPage(hostId, query.eventId ?? null, query.limit, (query.page - 1) * query.limit);
    const now = new Date();
    return {
      ratings: rows.map((row) => ratingView(row, viewer?.id ?? null, now)),
      pagination: paginate(query.page, query.limit, total),
    };
  }

  async stats(hostId: string): Promise<RatingStatsView> {
    await this.accounts.requireActive(hostId);
    return statsView(hostId, await this.ratings.hostAggregate(hostId));
  }
}
