import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RATING_REPORT_REASONS } from '../../contracts/ratings.contract.js';
import { TableReportSource, type ActedChange, type ReportClosing } from '../admin/reports/report-sources.port.js';
import { HostRating } from './host-rating.js';
import { REVIEW_REPORT_GROUPS } from './rating-reports.repository.js';
import { RatingsRepository } from './ratings.repository.js';

/**
 * Reports of reviews in the admin queue. Acting removes the review by moderation (it stays, marked
 * removed, out of every list), and the host's average loses it in the same transaction.
 */
@Injectable()
export class ReviewReportSource extends TableReportSource {
  readonly kind = 'review';
  readonly recordType = 'review';
  protected readonly spec = REVIEW_REPORT_GROUPS;
  protected override readonly reasonLabels = RATING_REPORT_REASONS;

  constructor(
    dataSource: DataSource,
    private readonly ratings: RatingsRepository,
    private readonly hostRating: HostRating,
  ) {
    super(dataSource);
  }

  /**
   * A rater deleting their review locks the host's row, then the review (withdrawn while reported)
   * or, deleting it, its closed reports by cascade; the queue closes the reports and then removes the
   * review under the host's lock. Taken in the other order the two would deadlock: the host's row is
   * locked first here too.
   */
  override async close(tx: EntityManager, ratingId: string, closing: ReportClosing): Promise<string[]> {
    const rating = await this.ratings.findLive(ratingId);
    if (rating) await this.hostRating.lockWithin(tx, rating.ratedInfluencerId);
    return super.close(tx, ratingId, closing);
  }

  async act(tx: EntityManager, ratingId: string): Promise<ActedChange> {
    const rating = await this.ratings.findLive(ratingId);
    // A review its rater withdrew counts nowhere already: removing it records the moderation only.
    const was = rating
      ? await this.hostRating.changeWithin(tx, rating.ratedInfluencerId, () => this.ratings.markRemoved(tx, ratingId))
      : await this.ratings.markRemoved(tx, ratingId);
    return {
      action: 'review.removed',
      before: { status: was ?? 'removed' },
      after: { status: 'removed' },
      actedBefore: was === null,
      afterCommit: () => this.hostRating.changed(),
    };
  }
}
