import { Injectable } from '@nestjs/common';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { WaitlistOffers } from '../waitlist/waitlist-offers.js';
import { WaitlistRepository } from '../waitlist/waitlist.repository.js';

export const WaitlistOffersJob = defineScheduledJob({
  name: 'waitlist.offers',
  queue: 'applications',
  everyMs: 30_000,
  everyMsSetting: 'WAITLIST_OFFERS_EVERY_MS',
});

/** Events handled per run (each in its own transaction under its lock); the rest are due next run. */
const BATCH = 200;

/**
 * Offers freed seats to the people waiting, in order, and moves on from lapsed offers. PostgreSQL
 * says which events have work (a lapsed offer, or a seat neither taken nor held while someone
 * waits), whatever freed the seat: a fan leaving, an application ending, the host raising the
 * capacity. A run lost with Redis's data only delays the offers to the next one.
 */
@Injectable()
@HandlesJob(WaitlistOffersJob)
export class WaitlistOffersHandler implements ScheduledJobHandler {
  constructor(
    private readonly waitlist: WaitlistRepository,
    private readonly offers: WaitlistOffers,
  ) {}

  async handle(): Promise<void> {
    for (const eventId of await this.waitlist.eventsDueForOffers(BATCH)) await this.offers.fillFreeSeats(eventId);
  }
}
