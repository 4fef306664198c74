import { Global, Module } from '@nestjs/common';
import { REPORT_SOURCES, type ReportSource } from './modules/admin/reports/report-sources.port.js';
import { SUPPORT_RECORD_SOURCES, type SupportRecordSource } from './modules/admin/support/support-records.port.js';
import { ApplicationSupportRecords } from './modules/applications/application-support-records.adapter.js';
import { ApplicationsDeletionStep } from './modules/applications/applications-deletion.step.js';
import { ApplicationsModule } from './modules/applications/applications.module.js';
import {
  EventApplicantsAdapter,
  GenderPricedBookingsAdapter,
  RatableAttendancesAdapter,
  TransactionApplicationsAdapter,
} from './modules/applications/applications-ports.adapter.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ChatDeletionStep } from './modules/chat/chat-deletion.step.js';
import { ChatMediaReferences } from './modules/chat/chat-media-references.adapter.js';
import { ChatModule } from './modules/chat/chat.module.js';
import { CommunityErasureStep } from './modules/community/community-erasure.step.js';
import { CommunityMediaReferences } from './modules/community/community-media-references.adapter.js';
import { CommentReportSource, PostReportSource } from './modules/community/content-report-sources.adapter.js';
import { CommunityModule } from './modules/community/community.module.js';
import { SessionsDeletionStep } from './modules/auth/sessions-deletion.step.js';
import { SessionsErasureStep } from './modules/auth/sessions-erasure.step.js';
import { EventsDeletionStep } from './modules/events/events-deletion.step.js';
import { EventsErasureStep } from './modules/events/events-erasure.step.js';
import { EventApplicants } from './modules/events/event-applicants.port.js';
import { EventReportSource } from './modules/events/event-report-source.adapter.js';
import { EventSupportRecords } from './modules/events/event-support-records.adapter.js';
import { EventsModule } from './modules/events/events.module.js';
import { EventModerationService } from './modules/events/event-moderation.service.js';
import { EventTakeDown } from './modules/admin/reports/report-actions.port.js';
import { EventMediaReferences } from './modules/events/event-media-references.adapter.js';
import { EventListsOnHostCardChange } from './modules/events/host-card-changes.adapter.js';
import { ListedEventCounts } from './modules/events/listed-event-counts.adapter.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { TransactionApplications } from './modules/payments/transaction-applications.port.js';
import { NotificationsDeletionStep, NotificationsErasureStep } from './modules/notifications/notifications-deletion.step.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { TransactionSupportRecords } from './modules/payments/transaction-support-records.adapter.js';
import { PayoutsErasureStep } from './modules/payouts/payouts-erasure.step.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { RatableAttendances } from './modules/ratings/ratable-attendances.port.js';
import { RatingsErasureStep } from './modules/ratings/ratings-erasure.step.js';
import { RatingsSuspensionStep } from './modules/ratings/ratings-suspension.step.js';
import { RatingsModule } from './modules/ratings/ratings.module.js';
import { ReviewReportSource } from './modules/ratings/review-report-source.adapter.js';
import { MEDIA_REFERENCES, type MediaReferences } from './modules/uploads/media-references.port.js';
import { UploadsErasureStep } from './modules/uploads/uploads-erasure.step.js';
import { UploadsModule } from './modules/uploads/uploads.module.js';
import { ACCOUNT_DELETION_STEPS, type AccountDeletionStep } from './modules/users/account-deletion.port.js';
import { ACCOUNT_ERASURE_STEPS, type AccountErasureStep } from './modules/users/account-erasure.port.js';
import { HostCardChanges } from './modules/users/host-card-changes.port.js';
import { CalendarDeletionStep } from './modules/calendar/calendar-deletion.step.js';
import { CalendarModule } from './modules/calendar/calendar.module.js';
import { SessionConnections } from './modules/auth/session-connections.port.js';
import { ChatSessionConnections } from './modules/chat/gateway/chat-session-connections.adapter.js';
import { PaidOutCover } from './modules/payments/paid-out-cover.port.js';
import { PaidOutCoverAdapter } from './modules/payouts/paid-out-cover.adapter.js';
import { GenderPricedBookings } from './modules/users/gender-priced-bookings.port.js';
import { HostedEvents } from './modules/users/hosted-events.port.js';
import { PersonReportSource } from './modules/users/person-report-source.adapter.js';
import { UserMediaReferences } from './modules/users/user-media-references.adapter.js';
import { UsersModule } from './modules/users/users.module.js';
import { PersonSuspension } from './modules/admin/reports/report-actions.port.js';
import { EventsSuspensionStep } from './modules/events/events-suspension.step.js';
import { SUSPENSION_STEPS, type SuspensionStep } from './modules/users/suspension-steps.port.js';
import { Suspensions } from './modules/users/suspensions.service.js';

/**
 * Binds each module's ports to the module that answers them. Auth and events depend on users, never
 * the reverse; what users needs of them it declares as a port, and the binding lives here, in the
 * composition root, so no module imports a module that imports it back. Likewise uploads asks users
 * and events which uploads their records show (MEDIA_REFERENCES) without reading their tables.
 */
@Global()
@Module({
  imports: [
    AuthModule,
    EventsModule,
    UploadsModule,
    UsersModule,
    ApplicationsModule,
    PayoutsModule,
    PaymentsModule,
    NotificationsModule,
    ChatModule,
    CommunityModule,
    RatingsModule,
    CalendarModule,
  ],
  providers: [
    { provide: HostedEvents, useExisting: ListedEventCounts },
    { provide: HostCardChanges, useExisting: EventListsOnHostCardChange },
    { provide: EventApplicants, useExisting: EventApplicantsAdapter },
    { provide: TransactionApplications, useExisting: TransactionApplicationsAdapter },
    { provide: RatableAttendances, useExisting: RatableAttendancesAdapter },
    { provide: GenderPricedBookings, useExisting: GenderPricedBookingsAdapter },
    { provide: PaidOutCover, useExisting: PaidOutCoverAdapter },
    { provide: SessionConnections, useExisting: ChatSessionConnections },
    { provide: PersonSuspension, useExisting: Suspensions },
    {
      provide: SUSPENSION_STEPS,
      inject: [SessionsDeletionStep, EventsSuspensionStep, ApplicationsDeletionStep, RatingsSuspensionStep],
      // In this order, inside the suspension's transaction: signed out, events out of the lists,
      // pending applications released, their hosts' averages queued for a recount (sockets close
      // and lists drop after it commits).
      useFactory: (...steps: SuspensionStep[]) => steps,
    },
    { provide: EventTakeDown, useExisting: EventModerationService },
    {
      provide: ACCOUNT_DELETION_STEPS,
      inject: [
        SessionsDeletionStep,
        CalendarDeletionStep,
        EventsDeletionStep,
        ApplicationsDeletionStep,
        NotificationsDeletionStep,
        ChatDeletionStep,
      ],
      // In this order, inside the deletion transaction (signed out and the calendar feed link revoked
      // first; chat last: the person leaves their rooms).
      useFactory: (...steps: AccountDeletionStep[]) => steps,
    },
    {
      provide: ACCOUNT_ERASURE_STEPS,
      inject: [
        EventsErasureStep,
        CommunityErasureStep,
        RatingsErasureStep,
        UploadsErasureStep,
        SessionsErasureStep,
        PayoutsErasureStep,
        NotificationsErasureStep,
      ],
      // In this order, in the account.erase job: events keeps the photos its history shows, the
      // community deletes the person's posts, comments and likes, then uploads erases the rest;
      // ratings erases review words (the stars keep counting); payouts erases the payment profile;
      // notifications the inbox.
      useFactory: (...steps: AccountErasureStep[]) => steps,
    },
    {
      provide: SUPPORT_RECORD_SOURCES,
      inject: [TransactionSupportRecords, ApplicationSupportRecords, EventSupportRecords],
      // The records the support view shows beside a job, found by the job data field each one names.
      useFactory: (...sources: SupportRecordSource[]) => sources,
    },
    {
      provide: REPORT_SOURCES,
      inject: [EventReportSource, PersonReportSource, PostReportSource, CommentReportSource, ReviewReportSource],
      // Every kind of report the admin queue shows, each answered by the module that owns it.
      useFactory: (...sources: ReportSource[]) => sources,
    },
    {
      provide: MEDIA_REFERENCES,
      inject: [UserMediaReferences, EventMediaReferences, ChatMediaReferences, CommunityMediaReferences],
      // Every module whose records show uploads: the uploads sweep deletes only what none of them references.
      useFactory: (...sources: MediaReferences[]) => sources,
    },
  ],
  exports: [
    HostedEvents,
    HostCardChanges,
    EventApplicants,
    TransactionApplications,
    RatableAttendances,
    GenderPricedBookings,
    PaidOutCover,
    SessionConnections,
    PersonSuspension,
    SUSPENSION_STEPS,
    EventTakeDown,
    ACCOUNT_DELETION_STEPS,
    ACCOUNT_ERASURE_STEPS,
    MEDIA_REFERENCES,
    SUPPORT_RECORD_SOURCES,
    REPORT_SOURCES,
  ],
})
export class PortsModule {}
