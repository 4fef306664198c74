import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ADMIN_PERMISSIONS, type AdminPermission, type AuthUser } from '../../platform/http/auth-context.js';

const isAdminPermission = (flag: string): flag is AdminPermission => (ADMIN_PERMISSIONS as readonly string[]).includes(flag);
import { preparedStatement, queryPrepared } from '../../platform/database/prepared-statement.js';

/**
 * The live session of a token hash with the caller it signs in. It reads the users table's access
 * columns in the same query, on purpose: every authenticated request pays it, and a deleted or
 * suspended account's sessions stop working at once.
 */
const LIVE_SESSION = preparedStatement(
  'sessions.live-by-token-hash',
  `SELECT s.id AS session_id, u.id, u.role, u.is_admin, coalesce((u.admin_permissions ->> 'support')::boolean, false) AS support,
          CASE WHEN u.is_admin OR u.role = 'admin' THEN
            ARRAY(SELECT flag FROM jsonb_each_text(coalesce(u.admin_permissions, '{}')) AS p (flag, held) WHERE held = 'true' AND flag <> 'support')
          END AS permissions
     FROM session s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL AND u.suspended_at IS NULL`,
);

interface LiveSessionRow {
  session_id: string;
  id: string;
  role: AuthUser['role'];
  is_admin: boolean;
  support: boolean;
  permissions: AdminPermission[] | null;
}

/** The session table. */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new session's id. */
  async insert(manager: EntityManager, session: { userId: string; tokenHash: string; expiresAt: Date }): Promise<string> {
    const rows: Array<{ id: string }> = await manager.query(
      'INSERT INTO session (user_id, token_hash, expires_at) VALUES ($1, $2, $3) RETURNING id',
      [session.userId, session.tokenHash, session.expiresAt],
    );
    return rows[0]!.id;
  }

  async findLive(tokenHash: string): Promise<{ user: AuthUser; sessionId: string } | undefined> {
    const row = (await queryPrepared<LiveSessionRow>(this.dataSource, LIVE_SESSION, [tokenHash]))[0];
    if (!row) return undefined;
    const user: AuthUser = { id: row.id, role: row.role, isAdmin: row.is_admin, support: row.support };
    if (row.permissions) user.permissions = row.permissions.filter(isAdminPermission);
    return { user, sessionId: row.session_id };
  }

  async revoke(manager: EntityManager, sessionId: string): Promise<void> {
    await manager.query('UPDATE session SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
  }

  async revokeAllForUser(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('UPDATE session SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM session WHERE user_id = $1', [userId]);
  }

  async revokeAllOthersForUser(manager: EntityManager, userId: string, keptSessionId: string): Promise<void> {
    await manager.query('UPDATE session SET revoked_at = now() WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL', [
      userId,
      keptSessionId,
    ]);
  }
}
