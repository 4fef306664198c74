import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { SessionConnections } from './session-connections.port.js';
import { SessionsService } from './sessions.service.js';

/** A deleted account is signed out everywhere, in the transaction that hides it, and its live connections close. */
@Injectable()
export class SessionsDeletionStep implements AccountDeletionStep {
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
}
