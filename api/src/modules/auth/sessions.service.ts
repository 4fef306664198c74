import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type AuthContext } from '../../platform/http/auth-context.js';
import { User } from '../users/entities/user.entity.js';
import { Session } from './entities/session.entity.js';
import { hashToken, newToken } from './token.js';

@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(userId: string, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_DAYS * 24 * 3600 * 1000);
    await manager.insert(Session, { userId, tokenHash: hashToken(token), expiresAt });
    return token;
  }

  /** The live session and its (not deleted) user for a bearer token, or null. One query: every request pays it. */
  async resolve(token: string): Promise<AuthContext | null> {
    const { entities, raw } = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .innerJoin(Session, 'session', 'session.userId = user.id')
      .addSelect('session.id', 'session_id')
      .where('session.tokenHash = :hash', { hash: hashToken(token) })
      .andWhere('session.revokedAt IS NULL AND session.expiresAt > now() AND user.deletedAt IS NULL')
      .getRawAndEntities<{ session_id: string }>();
    const user = entities[0];
    return user ? { user, sessionId: raw[0]!.session_id } : null;
  }

  async revoke(sessionId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.update(Session, { id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async revokeAllForUser(userId: string, manager: EntityManager): Promise<void> {
    await manager.update(Session, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Signs the person out everywhere but the session `keptSessionId`. */
  async revokeAllOthersForUser(userId: string, keptSessionId: string, manager: EntityManager): Promise<void> {
    await manager.update(Session, { userId, id: Not(keptSessionId), revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
