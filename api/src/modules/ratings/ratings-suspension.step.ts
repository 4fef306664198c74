import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { type SuspensionStep } from '../users/suspension-steps.port.js';
import { HostRatingStale } from './ratings.events.js';
import { RatingsRepository } from './ratings.repository.js';

/**
 * A suspended person's reviews leave their hosts' pages and stats at once (countedRating), and their
 * stars leave each host's average through ratings.recount_host, queued here in the suspension's
 * transaction; a restore brings both back. Recounting here instead would lock each host's row while
 * the person's own row is held, the opposite order of a rating they are giving at that moment.
 */
@Injectable()
export class RatingsSuspensionStep implements SuspensionStep {
  constructor(
    private readonly ratings: RatingsRepository,
    private readonly outbox: OutboxService,
  ) {}

  withinSuspension(userId: string, tx: EntityManager): Promise<void> {
    return this.recountHostsOf(userId, tx);
  }

  withinRestore(userId: string, tx: EntityManager): Promise<void> {
    return this.recountHostsOf(userId, tx);
  }

  private async recountHostsOf(userId: string, tx: EntityManager): Promise<void> {
    for (const hostId of await this.ratings.hostsRatedBy(tx, userId)) await this.outbox.publish(tx, HostRatingStale, { hostId });
  }
}
