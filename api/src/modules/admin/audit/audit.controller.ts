import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { auditListQuerySchema, type AuditListQuery, type AuditListView } from '../../../contracts/reports.contract.js';
import { toAuditView } from '../../../platform/audit/admin-audit.js';
import { AdminOnly } from '../../../platform/http/auth-context.js';
import { ZQuery } from '../../../platform/http/zod.js';
import { decodeCursor, encodeCursor } from '../keyset-cursor.js';
import { AuditListRepository } from './audit-list.repository.js';

/** The audit log: every admin action, for admins. Nothing here (or anywhere) edits or deletes it. */
@ApiTags('admin')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditListRepository) {}

  /** GET /admin/audit?record_type=&record_id=&admin_id=&action=&cursor=: newest first. */
  @Get()
  async list(@ZQuery(auditListQuerySchema) { cursor, limit, ...filters }: AuditListQuery): Promise<AuditListView> {
    const rows = await this.audit.page(filters, decodeCursor(cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map(toAuditView),
      nextCursor: rows.length > limit && last ? encodeCursor({ at: last.position, id: last.id }) : null,
    };
  }
}
