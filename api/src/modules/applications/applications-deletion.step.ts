import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { PaymentsService } from '../payments/payments.service.js';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
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
    private readonly payments: PaymentsService,
  ) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    for (const application of await this.applications.lockPendingOfFan(tx, userId)) {
      await this.applications.move(tx, application.id, 'withdrawn');
      if (application.transactionId) await this.payments.requestRelease(tx, application.transactionId);
    }
  }
}
