import { Inject, Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { ACCOUNT_ERASURE_STEPS, type AccountErasureStep } from '../account-erasure.port.js';
import { FollowsRepository } from '../follows.repository.js';
import { UserDeletionRequested } from '../users.events.js';
import { UserReportsRepository } from '../user-reports.repository.js';
import { UsersRepository } from '../users.repository.js';

export const AccountEraseJob = defineJob({
  name: 'account.erase',
  queue: 'users',
  startedBy: UserDeletionRequested,
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
});

export type AccountEraseData = JobData<typeof AccountEraseJob>;

/** A deleted account whose erasure has not finished this long after the deletion is due again. */
const DUE_AFTER_SECONDS = 5;

/**
 * Erases a deleted account's personal data: every other module's step first (api/src/ports.module.ts
 * lists them in order), then the profile. The row itself stays, pseudonymised, so that payments and
 * invoices the law requires us to keep still point at it; `erased_at`, set last, marks the end.
 */
@Injectable()
@HandlesJob(AccountEraseJob)
export class AccountEraseHandler implements JobHandler<typeof AccountEraseJob> {
  private readonly logger = new Logger(AccountEraseHandler.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly reports: UserReportsRepository,
    private readonly follows: FollowsRepository,
    @Inject(ACCOUNT_ERASURE_STEPS) private readonly steps: AccountErasureStep[],
  ) {}

  async handle({ userId }: AccountEraseData): Promise<void> {
    if (!(await this.users.awaitsErasure(userId))) {
      this.logger.log({ userId }, 'no deleted account awaits erasure; nothing to do');
      return;
    }
    for (const step of this.steps) await step.erase(userId);
    await this.reports.clearDetailsWrittenBy(userId);
    await this.follows.eraseOf(userId);
    await this.users.eraseProfile(userId);
    for (const step of this.steps) step.afterErasure?.(userId);
    this.logger.log({ userId }, 'account erased');
  }

  async findDue(limit: number): Promise<Array<{ userId: string }>> {
    return (await this.users.dueForErasure(limit, DUE_AFTER_SECONDS)).map((userId) => ({ userId }));
  }

  async onLastFailure({ userId }: AccountEraseData, error: Error): Promise<void> {
    this.logger.error({ userId, err: error }, 'account erasure used up its attempts; the reconciler retries it while it is due');
  }
}
