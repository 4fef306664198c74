import { Global, Injectable, Module } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

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
  async record(tx: EntityManager, entry: AdminAuditEntry): Promise<void> {
    await tx.query(
      `INSERT INTO admin_audit (admin_id, action, record_type, record_id, reason, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.adminId, entry.action, entry.recordType, entry.recordId, entry.reason ?? null, entry.before ?? null, entry.after ?? null],
    );
  }
}

@Global()
@Module({ providers: [AdminAuditLog], exports: [AdminAuditLog] })
export class AdminAuditModule {}
