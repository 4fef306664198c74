/** One admin action as the audit log shows it (GET /admin/audit, and the history on a record's admin page). */
export interface AdminAuditView {
  id: string;
  admin: { id: string; name: string | null };
  action: string;
  record_type: string;
  record_id: string;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}
