import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { EventPublished } from '../../events/events.events.js';
import { ChatService } from '../chat.service.js';
import { ChatSyncRepository } from './chat-sync.repository.js';

export const ChatOpenRoomJob = defineJob({
  name: 'chat.open_room',
  queue: 'chat',
  startedBy: EventPublished,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/** A new event gets its group chat, named after it, with its host in it. */
@Injectable()
@HandlesJob(ChatOpenRoomJob)
export class ChatOpenRoomHandler implements JobHandler<typeof ChatOpenRoomJob> {
  private readonly logger = new Logger(ChatOpenRoomHandler.name);

  constructor(
    private readonly chat: ChatService,
    private readonly sync: ChatSyncRepository,
  ) {}

  async handle({ eventId }: JobData<typeof ChatOpenRoomJob>): Promise<void> {
    const roomId = await this.chat.ensureEventRoom(eventId);
    this.logger.log({ eventId, roomId }, roomId ? 'event chat open' : 'event gone: no chat room');
  }

  async findDue(limit: number) {
    return (await this.sync.eventsWithoutRoom(limit)).map((eventId) => ({ eventId }));
  }

  async onLastFailure({ eventId }: JobData<typeof ChatOpenRoomJob>, error: Error): Promise<void> {
    this.logger.error({ eventId, err: error }, 'opening the event chat used up its attempts; the reconciler retries');
  }
}
