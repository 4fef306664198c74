import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RatingLimits } from '../../../contracts/ratings.contract.js';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { RatingPromptsRepository, type PromptDue, type PromptWindows } from '../rating-prompts.repository.js';

export const RatingPromptsJob = defineScheduledJob({
  name: 'rating_prompts.send',
  queue: 'ratings',
  everyMs: 10 * 60_000,
});

/**
 * Events that started within a week and have ended are asked about; the reminder goes
 * RatingLimits.reminderAfterDays after the prompt, and not at all once another week has passed.
 */
export const PROMPT_WINDOWS: PromptWindows = {
  promptWithinDays: 7,
  remindAfterDays: RatingLimits.reminderAfterDays,
  remindWithinDays: RatingLimits.reminderAfterDays + 7,
};

/** People asked per transaction, and per run at most this many batches of each kind. */
const BATCH = 500;
const MAX_BATCHES = 20;

type Kind = 'prompt' | 'reminder';

/**
 * Asks each attendee who may rate an ended event "How was …?" once, and reminds those who have not
 * rated once more, never again after that. The rating_prompt row and the notification are stored in
 * one transaction, and the notification's dedupe key is per event, so a run that repeats, overlaps
 * another or dies halfway asks nobody twice. Who is due is found in PostgreSQL on every run.
 */
@Injectable()
@HandlesJob(RatingPromptsJob)
export class RatingPromptsHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(RatingPromptsHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly prompts: RatingPromptsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async handle(): Promise<void> {
    for (const kind of ['prompt', 'reminder'] as const) {
      let sent = 0;
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const told = await this.sendBatch(kind);
        sent += told;
        if (told < BATCH) break;
      }
      if (sent > 0) this.logger.log({ kind, sent }, 'asked to rate');
    }
  }

  private sendBatch(kind: Kind): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const due =
        kind === 'prompt'
          ? await this.prompts.claimPrompts(tx, PROMPT_WINDOWS, BATCH)
          : await this.prompts.claimReminders(tx, PROMPT_WINDOWS, BATCH);
      await this.notifications.notify(tx, ...due.map((row) => promptNotification(row, kind)));
      return due.length;
    });
  }
}

function promptNotification(row: PromptDue, kind: Kind) {
  return {
    userId: row.fanId,
    type: 'rating_prompt' as const,
    // The host's card is what the notification shows beside "How was …?".
    fanId: row.hostId,
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    dedupeKey: `${kind === 'prompt' ? 'rating_prompt' : 'rating_reminder'}:${row.eventId}`,
  };
}
