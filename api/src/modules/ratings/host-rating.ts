import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HostCardChanges } from '../users/host-card-changes.port.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { RatingsRepository } from './ratings.repository.js';

/**
 * Keeps a host's users.rating (shown on host cards, event pages and the influencer directory) equal
 * to the mean of their published ratings: every change of their ratings runs here, in the same
 * transaction as the new mean. The host's row is locked first, so concurrent changes take turns, and
 * the mean is read afterwards by a fresh statement, which sees every change committed before it.
 * Once committed, the cached event lists and pages that show the host's card drop it.
 */
@Injectable()
export class HostRating {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ratings: RatingsRepository,
    private readonly accounts: UserAccounts,
    private readonly hostCards: HostCardChanges,
  ) {}

  async change<T>(hostId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction((tx) => this.changeWithin(tx, hostId, work));
    this.changed();
    return result;
  }

  /** After a committed change made through changeWithin: the host's card is shown anew. */
  changed(): void {
    this.hostCards.changed();
  }

  /** Takes the host's turn in the caller's transaction first, for work that will change their ratings after locking other rows. */
  lockWithin(tx: EntityManager, hostId: string): Promise<void> {
    return this.accounts.lockHostRating(tx, hostId);
  }

  /**
   * The same inside the caller's transaction (an admin removing a reported review closes the reports
   * with it); the caller calls changed() once it commits.
   */
  async changeWithin<T>(tx: EntityManager, hostId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    await this.lockWithin(tx, hostId);
    const result = await work(tx);
    await this.accounts.setHostRating(tx, hostId, await this.ratings.hostSummary(tx, hostId));
    return result;
  }
}
