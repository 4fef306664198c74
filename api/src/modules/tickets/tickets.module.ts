import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { CheckInRecords } from './check-in-records.service.js';
import { TicketsController } from './tickets.controller.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

/**
 * Tickets and check-in at the door (issue 25). Owns the ticket and check_in tables; reads
 * applications, their fans and events to say whose ticket it is; asks events (EventAdmission) who
 * hosts. Exports CheckInRecords, which the applications module asks for the ratings rule.
 */
@Module({
  imports: [EventsModule],
  controllers: [TicketsController],
  providers: [TicketsRepository, TicketsService, CheckInRecords],
  exports: [CheckInRecords],
})
export class TicketsModule {}
