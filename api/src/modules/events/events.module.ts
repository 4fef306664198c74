import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminEventsController } from './admin-events.controller.js';
import { EventAdmission } from './event-admission.service.js';
import { EventModerationService } from './event-moderation.service.js';
import { EventListCache } from './event-list-cache.js';
import { EventListingService } from './event-listing.service.js';
import { EventSupportRecords } from './event-support-records.adapter.js';
import { EventReportSource } from './event-report-source.adapter.js';
import { EventReportsRepository } from './event-reports.repository.js';
import { EventsController } from './events.controller.js';
import { EventMediaReferences } from './event-media-references.adapter.js';
import { EventsDeletionStep } from './events-deletion.step.js';
import { EventsSuspensionStep } from './events-suspension.step.js';
import { EventsErasureStep } from './events-erasure.step.js';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';
import { EventListsOnHostCardChange } from './host-card-changes.adapter.js';
import { ListedEventCounts } from './listed-event-counts.adapter.js';
import { UserEventsController } from './user-events.controller.js';

/**
 * Events, their lists and their moderation. Depends on users (UserAccounts) and tells hosts through
 * notifications; answers the users, uploads and admin reports modules' ports, and asks applications
 * about applicants through EventApplicants (bound in api/src/ports.module.ts).
 */
@Module({
  imports: [UsersModule, UploadsModule, NotificationsModule],
  controllers: [EventsController, UserEventsController, AdminEventsController],
  providers: [
    EventSupportRecords,
    EventReportSource,
    EventsRepository,
    EventReportsRepository,
    EventsService,
    EventListingService,
    EventListCache,
    ListedEventCounts,
    EventsDeletionStep,
    EventsSuspensionStep,
    EventsErasureStep,
    EventMediaReferences,
    EventAdmission,
    EventListsOnHostCardChange,
    EventModerationService,
  ],
  exports: [
    EventModerationService,
    EventSupportRecords,
    EventReportSource,
    EventsService,
    EventListingService,
    EventAdmission,
    ListedEventCounts,
    EventsDeletionStep,
    EventsSuspensionStep,
    EventsErasureStep,
    EventMediaReferences,
    EventListsOnHostCardChange,
  ],
})
export class EventsModule {}
