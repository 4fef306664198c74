import { Module } from '@nestjs/common';
import { CalendarDeletionStep } from './calendar-deletion.step.js';
import { CalendarController } from './calendar.controller.js';
import { CalendarRepository } from './calendar.repository.js';
import { CalendarService } from './calendar.service.js';

/**
 * Calendar invites and feeds (issue 25). Owns calendar_feed; reads events, their hosts' names and
 * the applications that say who goes, for display only. The events module keeps each event's
 * calendar_sequence (invite-fields.ts). Answers account deletion (the feed is revoked).
 */
@Module({
  controllers: [CalendarController],
  providers: [CalendarRepository, CalendarService, CalendarDeletionStep],
  exports: [CalendarDeletionStep],
})
export class CalendarModule {}
