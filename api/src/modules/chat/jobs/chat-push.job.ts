import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { ChatMessageSent } from '../chat.events.js';
import { ChatPushRepository } from '../chat-push.repository.js';
import { ChatPushService } from '../chat-push.service.js';

/** The sweep pushes a room's batch within seconds of its window; a room still due this long after its last message was missed. */
const PUSH_DUE_AFTER_MS = 5 * 60_000;

export const ChatPushJob = defineJob({
  name: 'chat.push',
  queue: 'chat',
  startedBy: ChatMessageSent,
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  concurrency: 8,
});

/**
 * A message was sent: push it to the room's members who are away and were not pushed within the
 * batch window. Those inside the window get the batch's push from the sweep once it has passed.
 */
@Injectable()
@HandlesJob(ChatPushJob)
export class ChatPushHandler implements JobHandler<typeof ChatPushJob> {
  private readonly logger = new Logger(ChatPushHandler.name);

  constructor(
    private readonly pushes: ChatPushService,
    private readonly repository: ChatPushRepository,
  ) {}

  async handle({ roomId, seq }: JobData<typeof ChatPushJob>): Promise<void> {
    const report = await this.pushes.pushRoom(roomId);
    if (report.pushed > 0) this.logger.log({ roomId, seq, ...report }, 'chat pushes sent');
  }

  findDue(limit: number) {
    return this.repository.dueRooms(PUSH_DUE_AFTER_MS, limit);
  }

  async onLastFailure({ roomId, seq }: JobData<typeof ChatPushJob>, error: Error): Promise<void> {
    this.logger.error(
      { roomId, seq, err: error },
      'chat push used up its attempts; the push sweep and the reconciler pick the room up again',
    );
  }
}
