import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { SessionsService } from './sessions.service.js';

/** A deleted account is signed out everywhere, in the transaction that hides it. */
@Injectable()
export class SessionsDeletionStep implements AccountDeletionStep {
  constructor(private readonly sessions: SessionsService) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    await this.sessions.revokeAllForUser(userId, tx);
  }
}
