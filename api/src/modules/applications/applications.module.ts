import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { TicketsModule } from '../tickets/tickets.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApplicationLifecycle } from './application-lifecycle.js';
import { ApplicationSupportRecords } from './application-support-records.adapter.js';
import { ApplicationsDeletionStep } from './applications-deletion.step.js';
import {
  EventApplicantsAdapter,
  GenderPricedBookingsAdapter,
  RatableAttendancesAdapter,
  TransactionApplicationsAdapter,
} from './applications-ports.adapter.js';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsRepository } from './applications.repository.js';
import { ApplicationsService } from './applications.service.js';
import { ApplicationCreateHandler } from './jobs/application-create.job.js';
import { ApplicationsCancelHandler } from './jobs/applications-cancel.job.js';
import { ApplicationsEndRefundedHandler } from './jobs/applications-end-refunded.job.js';
import { ApplicationsExpireHandler } from './jobs/applications-expire.job.js';
import { EventRemindersHandler } from './jobs/event-reminders.job.js';
import { WaitlistOffersHandler } from './jobs/waitlist-offers.job.js';
import { JoinController } from './join.controller.js';
import { JoinService } from './join.service.js';
import { LeavingService } from './leaving.service.js';
import { MyEventsService } from './my-events.service.js';
import { WaitlistController } from './waitlist/waitlist.controller.js';
import { WaitlistOffers } from './waitlist/waitlist-offers.js';
import { WaitlistRepository } from './waitlist/waitlist.repository.js';
import { WaitlistService } from './waitlist/waitlist.service.js';

/**
 * Applications (bids): joining, the host's decisions, and the jobs that follow payments and
 * cancellations. Depends on events, payments, users, notifications and tickets (check-ins); answers the events module's
 * EventApplicants, the payments module's TransactionApplications and the ratings module's
 * RatableAttendances ports.
 */
@Module({
  imports: [EventsModule, PaymentsModule, UsersModule, NotificationsModule, TicketsModule],
  controllers: [ApplicationsController, JoinController, WaitlistController],
  providers: [
    ApplicationLifecycle,
    ApplicationSupportRecords,
    ApplicationsRepository,
    ApplicationsService,
    JoinService,
    LeavingService,
    MyEventsService,
    ApplicationCreateHandler,
    ApplicationsCancelHandler,
    ApplicationsEndRefundedHandler,
    ApplicationsExpireHandler,
    EventRemindersHandler,
    WaitlistRepository,
    WaitlistOffers,
    WaitlistService,
    WaitlistOffersHandler,
    EventApplicantsAdapter,
    TransactionApplicationsAdapter,
    GenderPricedBookingsAdapter,
    RatableAttendancesAdapter,
    ApplicationsDeletionStep,
  ],
  exports: [
    EventApplicantsAdapter,
    TransactionApplicationsAdapter,
    GenderPricedBookingsAdapter,
    RatableAttendancesAdapter,
    ApplicationsDeletionStep,
    ApplicationSupportRecords,
  ],
})
export class ApplicationsModule {}
