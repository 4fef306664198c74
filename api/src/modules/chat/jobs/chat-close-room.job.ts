import { Injectable, Logger } from '@nestjs/common';
import { EventCancelled } from '../../events/events.events.js';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { ChatService } from '../chat.service.js';
import { ChatSyncRepository } from './chat-sync.repository.js';

export const ChatCloseRoomJob = defineJob({
  name: 'chat.close_room',
  queue: 'chat',
  startedBy: EventCancelled,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/** A cancelled (or deleted) event's chat closes: its members still read the history, nobody writes. */
@Injectable()
@HandlesJob(ChatCloseRoomJob)
export class ChatCloseRoomHandler implements JobHandler<typeof ChatCloseRoomJob> {
  private readonly logger = new Logger(ChatCloseRoomHandler.name);

  constructor(
    private readonly chat: ChatService,
    private readonly sync: ChatSyncRepository,
  ) {}

  async handle({ eventId }: JobData<typeof ChatCloseRoomJob>): Promise<void> {
    await this.chat.closeEventRoom(eventId);
  }

  async findDue(limit: number) {
    return (await this.sync.cancelledWithOpenRoom(limit)).map((eventId) => ({ eventId }));
  }

  async onLastFailure({ eventId }: JobData<typeof ChatCloseRoomJob>, error: Error): Promise<void> {
    this.logger.error({ eventId, err: error }, 'closing the event chat used up its attempts; the reconciler retries');
  }
}
