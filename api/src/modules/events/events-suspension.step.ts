import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type SuspensionStep } from '../users/suspension-steps.port.js';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';

/**
 * A suspended host's published events leave every list, search and event page ('host_suspended' is
 * not published), and come back when the host is restored. Nothing else about them changes: their
 * accepted fans keep their seats, and a restored host's events are as they were.
 */
@Injectable()
export class EventsSuspensionStep implements SuspensionStep {
  constructor(
    private readonly repository: EventsRepository,
    private readonly events: EventsService,
  ) {}

  async withinSuspension(userId: string, tx: EntityManager): Promise<void> {
    await this.repository.moveHostedModeration(tx, userId, 'published', 'host_suspended');
  }

  async withinRestore(userId: string, tx: EntityManager): Promise<void> {
    await this.repository.moveHostedModeration(tx, userId, 'host_suspended', 'published');
  }

  afterSuspension(): void {
    this.events.listsChanged();
  }

  afterRestore(): void {
    this.events.listsChanged();
  }
}
