import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { type SuspensionStep } from '../users/suspension-steps.port.js';
import { SessionConnections } from './session-connections.port.js';
import { SessionsService } from './sessions.service.js';

/**
 * A deleted or suspended account is signed out everywhere, in the transaction that hides or suspends
 * it, and its live connections close once that committed.
 */
@Injectable()
export class SessionsDeletionStep implements AccountDeletionStep, SuspensionStep {
  constructor(
    private readonly sessions: SessionsService,
    private readonly connections: SessionConnections,
  ) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    await this.sessions.revokeAllForUser(userId, tx);
  }

  afterDeletion(userId: string): void {
    this.connections.closeAllOf(userId);
  }

  withinSuspension(userId: string, tx: EntityManager): Promise<void> {
    return this.withinDeletion(userId, tx);
  }

  afterSuspension(userId: string): void {
    this.afterDeletion(userId);
  }
}
