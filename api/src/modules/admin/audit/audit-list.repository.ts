import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AuditListQuery } from '../../../contracts/reports.contract.js';
import { type AuditRow } from '../../../platform/audit/admin-audit.js';
import { keysetTimeSql, type KeysetPosition } from '../keyset-cursor.js';

export type AuditListRow = AuditRow & { position: string };

/**
 * Reads admin_audit for the audit list (AdminAuditLog writes it and reads one record's history):
 * newest first, by any of the filters, a page after `before`.
 */
@Injectable()
export class AuditListRepository {
  constructor(private readonly dataSource: DataSource) {}

  page(filters: Omit<AuditListQuery, 'cursor' | 'limit'>, before: KeysetPosition | null, limit: number): Promise<AuditListRow[]> {
    return this.dataSource.query<AuditListRow[]>(
      `SELECT a.id, a.admin_id, u.name AS admin_name, a.action, a.record_type, a.record_id, a.reason, a.before, a.after,
              a.created_at, ${keysetTimeSql('a.created_at')} AS position
         FROM admin_audit a JOIN users u ON u.id = a.admin_id
        WHERE ($1::text IS NULL OR a.record_type = $1)
          AND ($2::uuid IS NULL OR a.record_id = $2)
          AND ($3::uuid IS NULL OR a.admin_id = $3)
          AND ($4::text IS NULL OR a.action = $4)
          AND ($5::timestamptz IS NULL OR (a.created_at, a.id) < ($5::timestamptz, $6::uuid))
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $7`,
      [
        filters.record_type ?? null,
        filters.record_id ?? null,
        filters.admin_id ?? null,
        filters.action ?? null,
        before?.at ?? null,
        before?.id ?? null,
        limit,
      ],
    );
  }
}
