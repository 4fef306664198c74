import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type SupportAuditView } from '../../../contracts/support.contract.js';

export interface SupportAuditEntry {
  adminId: string;
  action: SupportAuditView['action'];
  queue: string;
  jobId: string;
  jobName: string;
  reason: string;
}

/** The support_audit table: who retried or discarded which job, and why. */
@Injectable()
export class SupportAuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(tx: EntityManager, entry: SupportAuditEntry): Promise<void> {
    await tx.query('INSERT INTO support_audit (admin_id, action, queue, job_id, job_name, reason) VALUES ($1, $2, $3, $4, $5, $6)', [
      entry.adminId,
      entry.action,
      entry.queue,
      entry.jobId,
      entry.jobName,
      entry.reason,
    ]);
  }

  async historyOf(queue: string, jobId: string): Promise<SupportAuditView[]> {
    const rows = await this.dataSource.query<
      Array<{ action: SupportAuditView['action']; admin_id: string; reason: string; created_at: Date }>
    >('SELECT action, admin_id, reason, created_at FROM support_audit WHERE queue = $1 AND job_id = $2 ORDER BY created_at', [
      queue,
      jobId,
    ]);
    return rows.map((row) => ({ action: row.action, adminId: row.admin_id, reason: row.reason, createdAt: row.created_at.toISOString() }));
  }
}
