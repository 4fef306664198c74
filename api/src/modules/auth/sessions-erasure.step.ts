import { Injectable } from '@nestjs/common';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { SessionsRepository } from './sessions.repository.js';

/** A deleted account's sessions (revoked when it was deleted) go entirely. */
@Injectable()
export class SessionsErasureStep implements AccountErasureStep {
  constructor(private readonly sessions: SessionsRepository) {}

  async erase(userId: string): Promise<void> {
    await this.sessions.deleteAllForUser(userId);
  }
}
