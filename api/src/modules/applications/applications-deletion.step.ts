import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { ApplicationLifecycle } from './application-lifecycle.js';
import { ApplicationsRepository } from './applications.repository.js';

/**
 * A fan leaving Tribe: their pending applications are withdrawn and the authorisations released,
 * so no host accepts (and no capture takes money from) an account that is gone. Accepted ones stay:
 * the seat was paid for, and the payment and its invoice are records we keep (docs/decisions.md).
 */
@Injectable()
export class ApplicationsDeletionStep implements AccountDeletionStep {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly lifecycle: ApplicationLifecycle,
  ) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    for (const id of await this.applications.pendingIdsOfFan(tx, userId)) {
      await this.lifecycle.end(tx, id, 'withdrawn', 'the fan deleted their account');
    }
  }
}
