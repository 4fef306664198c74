import { api } from './api.server';
import type { WriteResult } from './event-writes.server';
import { readSayingRefusals as read, writeForPage as write, type PageRead } from './page-reads.server';
import type {
  AuditListQuery,
  AuditListView,
  ReportDecisionView,
  ReportKind,
  ReportOutcome,
  ReportQueueView,
} from '../../../api/src/contracts/reports.contract.js';

/** GET /admin/reports: open reports grouped by what they are about, the longest waiting first. */
export function loadReportQueue(token: string, query: { kind?: ReportKind; cursor?: string }): Promise<PageRead<ReportQueueView>> {
  return read(() => api<ReportQueueView>('/admin/reports', { token, query }), 'Failed to load the reports');
}

/** POST /admin/reports/{kind}/{targetId}/dismiss|act with the admin's reason. */
export function decideReports(
  token: string,
  target: { kind: ReportKind; targetId: string },
  outcome: ReportOutcome,
  reason: string,
): Promise<WriteResult<ReportDecisionView>> {
  const path = `/admin/reports/${target.kind}/${encodeURIComponent(target.targetId)}/${outcome === 'acted' ? 'act' : 'dismiss'}`;
  return write(() => api<ReportDecisionView>(path, { method: 'POST', token, body: { reason } }));
}

/** GET /admin/audit: every admin action, newest first, filtered. */
export function loadAuditLog(token: string, query: Partial<Omit<AuditListQuery, 'limit'>>): Promise<PageRead<AuditListView>> {
  return read(() => api<AuditListView>('/admin/audit', { token, query }), 'Failed to load the audit log');
}
