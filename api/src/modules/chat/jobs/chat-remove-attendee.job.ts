import { Injectable, Logger } from '@nestjs/common';
import { ApplicationEnded } from '../../applications/applications.events.js';
import { EventApplicants } from '../../events/event-applicants.port.js';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { ChatRepository } from '../chat.repository.js';
import { ChatService } from '../chat.service.js';
import { ChatSyncRepository } from './chat-sync.repository.js';

export const ChatRemoveAttendeeJob = defineJob({
  name: 'chat.remove_attendee',
  queue: 'chat',
  startedBy: ApplicationEnded,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/**
 * A fan whose accepted application ended leaves the event's chat. Only membership that came from
 * the application ends (ChatService.removeAttendee); people the host added by hand stay. When the
 * application ended because the event was cancelled, the fan stays: a closed room is still read.
 */
@Injectable()
@HandlesJob(ChatRemoveAttendeeJob)
export class ChatRemoveAttendeeHandler implements JobHandler<typeof ChatRemoveAttendeeJob> {
  private readonly logger = new Logger(ChatRemoveAttendeeHandler.name);

  constructor(
    private readonly chat: ChatService,
    private readonly rooms: ChatRepository,
    private readonly applicants: EventApplicants,
    private readonly sync: ChatSyncRepository,
  ) {}

  async handle({ applicationId, eventId, fanId }: JobData<typeof ChatRemoveAttendeeJob>): Promise<void> {
    const event = await this.rooms.findEvent(eventId);
    if (!event || event.cancelled) {
      this.logger.log({ applicationId, eventId }, 'event cancelled: the attendee stays to read its closed chat');
      return;
    }
    if (await this.applicants.isAcceptedAttendee(eventId, fanId)) return;
    await this.chat.removeAttendee(eventId, fanId);
  }

  findDue(limit: number) {
    return this.sync.endedStillMember(limit);
  }

  async onLastFailure({ applicationId, eventId }: JobData<typeof ChatRemoveAttendeeJob>, error: Error): Promise<void> {
    this.logger.error(
      { applicationId, eventId, err: error },
      'removing an attendee from the event chat used up its attempts; the reconciler retries',
    );
  }
}
