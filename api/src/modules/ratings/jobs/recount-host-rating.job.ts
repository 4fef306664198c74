import { Injectable, Logger } from '@nestjs/common';
import { defineJob, type JobData } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type JobHandler } from '../../../platform/jobs/job-handler.js';
import { HostRating } from '../host-rating.js';
import { HostRatingStale } from '../ratings.events.js';
import { RatingsRepository } from '../ratings.repository.js';

export const RecountHostRatingJob = defineJob({
  name: 'ratings.recount_host',
  queue: 'ratings',
  startedBy: HostRatingStale,
  attempts: 8,
  backoff: { type: 'exponential', delay: 1_000 },
});

/**
 * Sets the host's rating and count to what their counted ratings say now, under the host's lock as
 * every rating change does (HostRating). Running it again, or for a host already right, changes
 * nothing. The reconciler finds any host whose stored figures disagree.
 */
@Injectable()
@HandlesJob(RecountHostRatingJob)
export class RecountHostRatingHandler implements JobHandler<typeof RecountHostRatingJob> {
  private readonly logger = new Logger(RecountHostRatingHandler.name);

  constructor(
    private readonly hostRating: HostRating,
    private readonly ratings: RatingsRepository,
  ) {}

  async handle({ hostId }: JobData<typeof RecountHostRatingJob>): Promise<void> {
    await this.hostRating.change(hostId, async () => undefined);
  }

  async findDue(limit: number) {
    return (await this.ratings.hostsWithStaleRating(limit)).map((hostId) => ({ hostId }));
  }

  async onLastFailure({ hostId }: JobData<typeof RecountHostRatingJob>, error: Error): Promise<void> {
    this.logger.error({ hostId, err: error }, 'recounting a host rating used up its attempts; the reconciler retries');
  }
}
