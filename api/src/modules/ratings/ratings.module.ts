import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { CommunityModule } from '../community/community.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminRatingReportsController } from './admin-rating-reports.controller.js';
import { HostRating } from './host-rating.js';
import { RatingPromptsHandler } from './jobs/rating-prompts.job.js';
import { RecountHostRatingHandler } from './jobs/recount-host-rating.job.js';
import { RatingPromptsRepository } from './rating-prompts.repository.js';
import { RatingReportsRepository } from './rating-reports.repository.js';
import { RatingReportsService } from './rating-reports.service.js';
import { RatingsController } from './ratings.controller.js';
import { RatingsErasureStep } from './ratings-erasure.step.js';
import { RatingsSuspensionStep } from './ratings-suspension.step.js';
import { RatingsRepository } from './ratings.repository.js';
import { RatingsService } from './ratings.service.js';
import { ReviewReportSource } from './review-report-source.adapter.js';
import { RepliesService } from './replies.service.js';
import { ReviewsService } from './reviews.service.js';

/**
 * Ratings and reviews (issue 23). Asks applications whether a person may rate an event through its
 * RatableAttendances port (bound in api/src/ports.module.ts); keeps each host's users.rating through
 * UserAccounts; tells people through NotificationsService; shares the community's report rate;
 * answers account erasure.
 */
@Module({
  controllers: [RatingsController, AdminRatingReportsController],
  imports: [UsersModule, NotificationsModule, CommunityModule, AdminModule],
  providers: [
    RatingsRepository,
    RatingReportsRepository,
    RatingPromptsRepository,
    HostRating,
    RatingsService,
    ReviewsService,
    RepliesService,
    RatingReportsService,
    RatingsErasureStep,
    RatingPromptsHandler,
    RecountHostRatingHandler,
    ReviewReportSource,
    RatingsSuspensionStep,
  ],
  exports: [RatingsErasureStep, RatingsSuspensionStep, ReviewReportSource],
})
export class RatingsModule {}
