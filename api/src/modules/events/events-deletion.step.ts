import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { EventsService } from './events.service.js';

/** A host leaving Tribe: their upcoming events are cancelled with the deletion request. */
@Injectable()
export class EventsDeletionStep implements AccountDeletionStep {
  constructor(private readonly events: EventsService) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    await this.events.cancelUpcomingHostedBy(userId, tx);
  }

  /** Cached lists showed those events. */
  afterDeletion(): void {
    this.events.listsChanged();
  }
}
