import { Injectable } from '@nestjs/common';
import { type AnalyticsEvent } from '../../contracts/analytics.contract.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsTimestampError, isTimestampInRange } from './analytics.errors.js';

/** Takes the web's batches of page views and actions (SPEC §3 Analytics event) into the store. */
@Injectable()
export class AnalyticsService {
  constructor(private readonly repository: AnalyticsRepository) {}

  async ingest(events: readonly AnalyticsEvent[]): Promise<void> {
    const now = Date.now();
    const late = events.findIndex((event) => !isTimestampInRange(event.timestamp, now));
    if (late >= 0) throw new AnalyticsTimestampError(late);
    await this.repository.insertBatch(events);
  }
}
