import { Injectable, Logger } from '@nestjs/common';
import { ApplicationAccepted } from '../../applications/applications.events.js';
import { EventApplicants } from '../../events/event-applicants.port.js';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { ChatService } from '../chat.service.js';
import { ChatSyncRepository } from './chat-sync.repository.js';

export const ChatAddAttendeeJob = defineJob({
  name: 'chat.add_attendee',
  queue: 'chat',
  startedBy: ApplicationAccepted,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/**
 * An accepted fan joins the event's chat, unless the application ended (or the account went:
 * ChatService.addAttendee skips it) before the job ran. Someone the host removed, or who left by
 * themselves, is not added back (ChatService).
 */
@Injectable()
@HandlesJob(ChatAddAttendeeJob)
export class ChatAddAttendeeHandler implements JobHandler<typeof ChatAddAttendeeJob> {
  private readonly logger = new Logger(ChatAddAttendeeHandler.name);

  constructor(
    private readonly chat: ChatService,
    private readonly applicants: EventApplicants,
    private readonly sync: ChatSyncRepository,
  ) {}

  async handle({ applicationId, eventId, fanId }: JobData<typeof ChatAddAttendeeJob>): Promise<void> {
    if (!(await this.applicants.isAcceptedAttendee(eventId, fanId))) {
      this.logger.log({ applicationId, eventId }, 'application no longer accepted: not added to the chat');
      return;
    }
    await this.chat.addAttendee(eventId, fanId);
  }

  findDue(limit: number) {
    return this.sync.acceptedWithoutMember(limit);
  }

  async onLastFailure({ applicationId, eventId }: JobData<typeof ChatAddAttendeeJob>, error: Error): Promise<void> {
    this.logger.error(
      { applicationId, eventId, err: error },
      'adding an attendee to the event chat used up its attempts; the reconciler retries',
    );
  }
}
