import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { type SuspensionStep } from '../users/suspension-steps.port.js';
import { ApplicationLifecycle } from './application-lifecycle.js';
import { ApplicationsRepository } from './applications.repository.js';
import { WaitlistRepository } from './waitlist/waitlist.repository.js';

/**
 * A fan leaving Tribe or suspended by an admin: their pending applications are withdrawn and the
 * authorisations released, so no host accepts (and no capture takes money from) an account that is
 * gone or shut out. Accepted ones stay: the seat was paid for, and the payment and its invoice are
 * records we keep (docs/decisions.md). Their waitlist entries are removed. A restore gives nothing
 * back: the fan applies again.
 */
@Injectable()
export class ApplicationsDeletionStep implements AccountDeletionStep, SuspensionStep {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly lifecycle: ApplicationLifecycle,
    private readonly waitlist: WaitlistRepository,
  ) {}

  withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    return this.withdrawPending(tx, userId, 'the fan deleted their account');
  }

  withinSuspension(userId: string, tx: EntityManager): Promise<void> {
    return this.withdrawPending(tx, userId, 'the fan was suspended');
  }

  private async withdrawPending(tx: EntityManager, fanId: string, reason: string): Promise<void> {
    // Their waitlist places go too: an offer to an account that is gone would hold a seat for nobody.
    await this.waitlist.removeAllOfFan(tx, fanId);
    for (const id of await this.applications.pendingIdsOfFan(tx, fanId)) {
      await this.lifecycle.end(tx, id, 'withdrawn', reason);
    }
  }
}
