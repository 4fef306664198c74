import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { EventApplicants, NoApplicationsYet } from './event-applicants.port.js';
import { EventListCache } from './event-list-cache.js';
import { EventListingService } from './event-listing.service.js';
import { EventsController } from './events.controller.js';
import { EventsService } from './events.service.js';
import { HostedEventsErasure } from './hosted-events-erasure.js';
import { InfluencersService } from './influencers.service.js';
import { UserEventsController } from './user-events.controller.js';

@Module({
  imports: [UploadsModule],
  controllers: [EventsController, UserEventsController],
  providers: [
    EventsService,
    EventListingService,
    InfluencersService,
    EventListCache,
    HostedEventsErasure,
    { provide: EventApplicants, useClass: NoApplicationsYet },
  ],
  exports: [EventsService, EventListingService, InfluencersService, EventApplicants],
})
export class EventsModule {}
