import { Injectable } from '@nestjs/common';
import {
  RatingMessages,
  type AdminRatingReportView,
  type RatingReportInput,
  type RatingReportListQuery,
  type RatingReportView,
} from '../../contracts/ratings.contract.js';
import { paginate, type Pagination } from '../../contracts/event/pagination.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { CommunityRate } from '../community/community-rate.js';
import { RatingReportsRepository } from './rating-reports.repository.js';
import { CannotReportOwnReviewError, RatingNotFoundError, RatingReportAlreadyOpenError } from './ratings.errors.js';
import { RatingsRepository } from './ratings.repository.js';

/** People reporting reviews (as they report posts), and the admins' list of the reports. */
@Injectable()
export class RatingReportsService {
  constructor(
    private readonly reports: RatingReportsRepository,
    private readonly ratings: RatingsRepository,
    private readonly rate: CommunityRate,
  ) {}

  /** One open report per reporter and review; a removed review cannot be reported, nor one's own. */
  async report(reporter: AuthUser, ratingId: string, input: RatingReportInput): Promise<RatingReportView> {
    // Reviews are reported like posts and comments, so they share the community's report budget.
    await this.rate.take('report', reporter.id);
    const rating = await this.ratings.findLive(ratingId);
    if (!rating) throw new RatingNotFoundError();
    if (rating.raterId === reporter.id) throw new CannotReportOwnReviewError();
    const details = input.details || null;
    const stored = await this.reports.insertOpen({ reporterId: reporter.id, ratingId, reason: input.reason, details });
    if (stored === 'gone') throw new RatingNotFoundError();
    if (!stored) throw new RatingReportAlreadyOpenError();
    return {
      id: stored.id,
      ratingId,
      reason: input.reason,
      details,
      status: 'open',
      createdAt: stored.createdAt.toISOString(),
      message: RatingMessages.reported,
    };
  }

  async list(query: RatingReportListQuery): Promise<{ data: AdminRatingReportView[]; pagination: Pagination }> {
    const { rows, total } = await this.reports.page(query.status, query.limit, (query.page - 1) * query.limit);
    return {
      data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      pagination: paginate(query.page, query.limit, total),
    };
  }
}
