import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AdminContentReportsController } from './admin-content-reports.controller.js';
import { CommentsController } from './comments.controller.js';
import { CommentsRepository } from './comments.repository.js';
import { CommentsService } from './comments.service.js';
import { CommunityErasureStep } from './community-erasure.step.js';
import { CommunityMediaReferences } from './community-media-references.adapter.js';
import { CommunityRate } from './community-rate.js';
import { CommentReportSource, PostReportSource } from './content-report-sources.adapter.js';
import { ContentReportsRepository } from './content-reports.repository.js';
import { ContentRemoval } from './content-removal.js';
import { ContentReportsService } from './content-reports.service.js';
import { CommunityNotifyRepository } from './jobs/community-notify.repository.js';
import { NotifyCommentHandler } from './jobs/notify-comment.job.js';
import { NotifyEventPostHandler } from './jobs/notify-event-post.job.js';
import { PostAuthorNotice } from './jobs/post-author-notice.js';
import { NotifyLikeHandler } from './jobs/notify-like.job.js';
import { CommunityFeedCache } from './feed-cache.js';
import { CommentLikesRepository, PostLikesRepository } from './likes.repository.js';
import { LikesService } from './likes.service.js';
import { PostsController } from './posts.controller.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService } from './posts.service.js';

/**
 * Community (issue 22): posts with photos, comments, likes and reports of them. Asks applications
 * whether an author attended an event through EventApplicants; tells authors and followers through
 * NotificationsService in its jobs; answers the uploads sweep (MediaReferences) and account erasure.
 */
@Module({
  controllers: [PostsController, CommentsController, AdminContentReportsController],
  imports: [NotificationsModule, AdminModule],
  providers: [
    PostsRepository,
    CommentsRepository,
    PostLikesRepository,
    CommentLikesRepository,
    ContentReportsRepository,
    CommunityRate,
    CommunityFeedCache,
    PostsService,
    CommentsService,
    LikesService,
    ContentReportsService,
    ContentRemoval,
    CommunityMediaReferences,
    CommunityErasureStep,
    PostReportSource,
    CommentReportSource,
    CommunityNotifyRepository,
    PostAuthorNotice,
    NotifyLikeHandler,
    NotifyCommentHandler,
    NotifyEventPostHandler,
  ],
  // CommunityRate: the users module counts follows with it (follows move users.follower_count, so they live there).
  exports: [CommunityMediaReferences, CommunityErasureStep, CommunityRate, PostReportSource, CommentReportSource],
})
export class CommunityModule {}
