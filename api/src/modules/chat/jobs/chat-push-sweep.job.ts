import { Injectable, Logger } from '@nestjs/common';
import { ChatLimits } from '../../../contracts/chat.contract.js';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { ChatPushRepository } from '../chat-push.repository.js';
import { ChatPushService } from '../chat-push.service.js';

export const ChatPushSweepJob = defineScheduledJob({
  name: 'chat.push_sweep',
  queue: 'chat',
  everyMs: ChatLimits.pushBatchMs / 4,
  attempts: 2,
  backoff: { type: 'fixed', delay: 5_000 },
});

/** A message this fresh is its own chat.push job's to push. */
const SWEEP_AFTER_MS = 5_000;
const ROOMS_PER_RUN = 200;

/**
 * Pushes the batches whose window has passed: rooms with members away who have not been told of
 * the newest messages (they came inside the window of an earlier push, or their job was lost).
 * PostgreSQL says which; a missed run is made good by the next.
 */
@Injectable()
@HandlesJob(ChatPushSweepJob)
export class ChatPushSweepHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(ChatPushSweepHandler.name);

  constructor(
    private readonly pushes: ChatPushService,
    private readonly repository: ChatPushRepository,
  ) {}

  async handle(): Promise<void> {
    let pushed = 0;
    const rooms = await this.repository.dueRooms(SWEEP_AFTER_MS, ROOMS_PER_RUN);
    for (const { roomId } of rooms) pushed += (await this.pushes.pushRoom(roomId)).pushed;
    if (pushed > 0) this.logger.log({ rooms: rooms.length, pushed }, 'batched chat pushes sent');
  }
}
