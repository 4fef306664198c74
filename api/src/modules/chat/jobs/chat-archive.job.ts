import { Injectable, Logger } from '@nestjs/common';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { ChatArchiveRepository } from '../chat-archive.repository.js';

export const ChatArchiveJob = defineScheduledJob({
  name: 'chat.archive',
  queue: 'chat',
  everyMs: 60 * 60_000,
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
});

/** Messages moved per transaction (a room's row is locked, and its sends wait, for one batch). */
const ARCHIVE_BATCH = 500;
/** Rooms and batches per run: a run does a bounded amount of work, the next run goes on. */
const ROOMS_PER_RUN = 50;
const BATCHES_PER_ROOM = 40;

export interface ArchiveReport {
  rooms: number;
  moved: number;
}

/**
 * Rooms above ChatLimits.archiveAbove live messages have those older than archiveAgeDays moved to
 * the archive (history still reads them, marked archived). What is due is found in PostgreSQL on
 * every run; a rerun finds nothing more to move.
 */
@Injectable()
@HandlesJob(ChatArchiveJob)
export class ChatArchiveHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(ChatArchiveHandler.name);

  constructor(private readonly archive: ChatArchiveRepository) {}

  async handle(): Promise<void> {
    const report = await this.run();
    if (report.moved > 0) this.logger.log(report, 'old chat messages archived');
  }

  async run(): Promise<ArchiveReport> {
    const report: ArchiveReport = { rooms: 0, moved: 0 };
    for (const roomId of await this.archive.roomsToArchive(ROOMS_PER_RUN)) {
      report.rooms += 1;
      for (let batch = 0; batch < BATCHES_PER_ROOM; batch += 1) {
        const moved = await this.archive.archiveBatch(roomId, ARCHIVE_BATCH);
        report.moved += moved;
        if (moved < ARCHIVE_BATCH) break;
      }
    }
    return report;
  }
}
