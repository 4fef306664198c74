import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { RatingPromptsRepository } from './rating-prompts.repository.js';
import { RatingReportsRepository } from './rating-reports.repository.js';
import { RatingsRepository } from './ratings.repository.js';

/**
 * An erased rater's ratings keep counting (the host earned those stars) and show as "Deleted user";
 * their review words, report details and prompts go. An erased host's ratings stay in the table,
 * read by no one; their replies go. The hosts' averages do not move. One transaction; a second run
 * finds nothing left to do.
 */
@Injectable()
export class RatingsErasureStep implements AccountErasureStep {
  private readonly logger = new Logger(RatingsErasureStep.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly ratings: RatingsRepository,
    private readonly reports: RatingReportsRepository,
    private readonly prompts: RatingPromptsRepository,
  ) {}

  async erase(userId: string): Promise<void> {
    const erased = await this.dataSource.transaction(async (tx) => {
      const reviews = await this.ratings.clearReviewsWrittenBy(tx, userId);
      const replies = await this.ratings.clearRepliesWrittenBy(tx, userId);
      await this.reports.clearDetailsWrittenBy(tx, userId);
      await this.prompts.forgetPromptsOf(tx, userId);
      return { reviews, replies };
    });
    this.logger.log({ userId, ...erased }, 'rating words erased');
  }
}
