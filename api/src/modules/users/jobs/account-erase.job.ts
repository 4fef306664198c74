import { Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { PersonalDataErasure } from '../../../platform/privacy/personal-data-erasure.js';
import { EventsService } from '../../events/events.service.js';
import { User } from '../entities/user.entity.js';
import { ERASED_PROFILE } from '../erased-profile.js';
import { UserDeletionRequested } from '../users.events.js';

export const AccountEraseJob = defineJob({
  name: 'account.erase',
  queue: 'users',
  startedBy: UserDeletionRequested,
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
});

export type AccountEraseData = JobData<typeof AccountEraseJob>;

/** A deleted account whose erasure has not finished for this long is due again. */
const DUE_AFTER_SECONDS = 5;

/**
 * Erases a deleted account's personal data: each module's step first (hosted events, uploads,
 * sessions), in their order, then the profile. The row itself stays, pseudonymised, so that payments
 * and invoices the law requires us to keep still point at it; `erased_at` marks the end.
 */
@Injectable()
@HandlesJob(AccountEraseJob)
export class AccountEraseHandler implements JobHandler<typeof AccountEraseJob> {
  private readonly logger = new Logger(AccountEraseHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly erasure: PersonalDataErasure,
    private readonly events: EventsService,
  ) {}

  async handle({ userId }: AccountEraseData): Promise<void> {
    const [user] = await this.dataSource.query<Array<{ erased: boolean }>>(
      'SELECT erased_at IS NOT NULL AS erased FROM users WHERE id = $1 AND deleted_at IS NOT NULL',
      [userId],
    );
    if (!user || user.erased) {
      this.logger.log({ userId, found: Boolean(user) }, 'nothing to erase');
      return;
    }
    await this.erasure.eraseAll(userId);
    await this.eraseProfile(userId);
    // Cached event lists carry the host's name and photo.
    this.events.listsChanged();
    this.logger.log({ userId, steps: [...this.erasure.stepNames(), 'profile'] }, 'account erased');
  }

  private async eraseProfile(userId: string): Promise<void> {
    await this.dataSource
      .getRepository(User)
      .update({ id: userId, deletedAt: Not(IsNull()), erasedAt: IsNull() }, { ...ERASED_PROFILE, erasedAt: new Date() });
  }

  async findDue(limit: number): Promise<Array<{ userId: string }>> {
    return this.dataSource.query(
      `SELECT id AS "userId" FROM users
        WHERE deleted_at IS NOT NULL AND erased_at IS NULL AND deleted_at < now() - make_interval(secs => $2)
        ORDER BY deleted_at LIMIT $1`,
      [limit, DUE_AFTER_SECONDS],
    );
  }

  async onLastFailure({ userId }: AccountEraseData, error: Error): Promise<void> {
    this.logger.error({ userId, err: error }, 'account erasure used up its attempts; the reconciler retries it while it is due');
  }
}
