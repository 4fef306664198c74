import { Global, Injectable, Module } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type AdminAuditView } from '../../contracts/admin-audit.contract.js';

/** One admin action as the audit log keeps it. `before`/`after`: the fields the action changed, where it matters. */
export interface AdminAuditEntry {
  adminId: string;
  /** What was done, as a verb phrase of the record ("event.approved", "user.suspended", "report.dismissed"). */
  action: string;
  recordType: string;
  recordId: string;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes the admin_audit log. Always inside the action's own transaction (`tx`), so an action and
 * its audit row commit together or not at all. The table refuses updates and deletes.
 */
@Injectable()
export class AdminAuditLog {
  constructor(private readonly dataSource: DataSource) {}

  async record(tx: EntityManager, entry: AdminAuditEntry): Promise<void> {
    await tx.query(
      `INSERT INTO admin_audit (admin_id, action, record_type, record_id, reason, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.adminId, entry.action, entry.recordType, entry.recordId, entry.reason ?? null, entry.before ?? null, entry.after ?? null],
    );
  }

  /** A record's history, newest first: what its admin page shows. */
  async historyOf(recordType: string, recordId: string, limit = 50): Promise<AdminAuditView[]> {
    const rows = await this.dataSource.query<AuditRow[]>(
      `SELECT a.id, a.admin_id, u.name AS admin_name, a.action, a.record_type, a.record_id, a.reason, a.before, a.after, a.created_at
         FROM admin_audit a JOIN users u ON u.id = a.admin_id
        WHERE a.record_type = $1 AND a.record_id = $2
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $3`,
      [recordType, recordId, limit],
    );
    return rows.map(toAuditView);
  }
}

export interface AuditRow {
  id: string;
  admin_id: string;
  admin_name: string | null;
  action: string;
  record_type: string;
  record_id: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

export const toAuditView = (row: AuditRow): AdminAuditView => ({
  id: row.id,
  admin: { id: row.admin_id, name: row.admin_name },
  action: row.action,
  record_type: row.record_type,
  record_id: row.record_id,
  reason: row.reason,
  before: row.before,
  after: row.after,
  created_at: row.created_at.toISOString(),
});

@Global()
@Module({ providers: [AdminAuditLog], exports: [AdminAuditLog] })
export class AdminAuditModule {}
