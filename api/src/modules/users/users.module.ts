import { Module } from '@nestjs/common';
import { CommunityModule } from '../community/community.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AdminPeopleController } from './admin-people.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { FollowsController } from './follows.controller.js';
import { FollowsRepository } from './follows.repository.js';
import { FollowsService } from './follows.service.js';
import { InfluencerVerification } from './influencer-verification.service.js';
import { InfluencersController } from './influencers.controller.js';
import { InfluencersService } from './influencers.service.js';
import { AccountEraseHandler } from './jobs/account-erase.job.js';
import { PeopleDirectory } from './people-directory.service.js';
import { PersonRecordsRepository } from './person-records.repository.js';
import { Suspensions } from './suspensions.service.js';
import { UserAccounts } from './user-accounts.service.js';
import { PersonReportSource } from './person-report-source.adapter.js';
import { UserReportsRepository } from './user-reports.repository.js';
import { UserReportsService } from './user-reports.service.js';
import { UserMediaReferences } from './user-media-references.adapter.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/**
 * People and their profiles. Auth and events depend on this module (through UserAccounts); it
 * depends on neither, and asks them what it needs through its ports (hosted-events.port.ts,
 * account-deletion.port.ts), bound in api/src/ports.module.ts. It answers the uploads module's
 * MediaReferences port (which uploads a profile shows). Follows live here too (they move
 * users.follower_count); the followed person hears of it through the notifications module. The
 * admin's people pages live here too: suspending runs the other modules' SUSPENSION_STEPS, and
 * Suspensions answers the admin reports' PersonSuspension port.
 */
@Module({
  controllers: [UsersController, InfluencersController, AdminUsersController, AdminPeopleController, FollowsController],
  imports: [NotificationsModule, CommunityModule],
  providers: [
    FollowsRepository,
    FollowsService,
    UsersRepository,
    UsersService,
    UserAccounts,
    InfluencersService,
    AccountEraseHandler,
    UserMediaReferences,
    UserReportsRepository,
    UserReportsService,
    PersonReportSource,
    PeopleDirectory,
    PersonRecordsRepository,
    Suspensions,
    InfluencerVerification,
  ],
  exports: [UserAccounts, UserMediaReferences, PersonReportSource, Suspensions],
})
export class UsersModule {}
