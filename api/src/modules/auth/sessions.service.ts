import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type AuthContext } from '../../platform/http/auth-context.js';
import { PushDevicesService } from '../notifications/push-devices.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { hashToken, newToken } from './token.js';

@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pushDevices: PushDevicesService,
  ) {}

  async issue(userId: string, manager: EntityManager = this.dataSource.manager): Promise<string> {
    return (await this.issueWithId(userId, manager)).token;
  }

  /** A new session: its bearer token, and its id (what devices registered under it are tied to). */
  async issueWithId(userId: string, manager: EntityManager): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_DAYS * 24 * 3600 * 1000);
    return { token, sessionId: await this.sessions.insert(manager, { userId, tokenHash: hashToken(token), expiresAt }) };
  }

  /** The live session and its (not deleted) user for a bearer token, or null. One query: every request pays it. */
  async resolve(token: string): Promise<AuthContext | null> {
    return (await this.sessions.findLive(hashToken(token))) ?? null;
  }

  async revoke(sessionId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await this.sessions.revoke(manager, sessionId);
  }

  /**
   * Signs the person out everywhere (an account taken back through Google, a suspension, a deletion),
   * and their devices stop getting pushes: signed-out phones and browsers hear nothing more.
   */
  async revokeAllForUser(userId: string, manager: EntityManager): Promise<void> {
    await this.sessions.revokeAllForUser(manager, userId);
    await this.pushDevices.forgetAllOf(manager, userId);
  }

  /** Signs the person out everywhere but the session `keptSessionId` (a password change), and the other devices' pushes with it. */
  async revokeAllOthersForUser(userId: string, keptSessionId: string, manager: EntityManager): Promise<void> {
    await this.sessions.revokeAllOthersForUser(manager, userId, keptSessionId);
    await this.pushDevices.forgetAllOfBut(manager, userId, keptSessionId);
  }
}
