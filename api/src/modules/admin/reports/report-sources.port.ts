import { type DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../../platform/database/returning.js';
import {
  ReportLimits,
  type ReportedContentView,
  type ReportEntryView,
  type ReportKind,
  type ReportOutcome,
} from '../../../contracts/reports.contract.js';
import { type AuthUser } from '../../../platform/http/auth-context.js';
import { keysetTimeSql } from '../keyset-cursor.js';
import { type AfterCommit } from './report-actions.port.js';

/** Where a page of the queue ends: the last target's first open report (at full precision, UTC) and its id. */
export interface QueuePosition {
  firstReportedAt: string;
  targetId: string;
}

/** One reported thing with its open reports, as a source answers it. */
export interface ReportedTarget {
  targetId: string;
  count: number;
  firstReportedAt: string;
  lastReportedAt: string;
  reports: ReportEntryView[];
  content: ReportedContentView;
}

export interface ReportClosing {
  outcome: ReportOutcome;
  adminId: string;
  reason: string;
}

/** What acting changed, for the audit row ("post.removed", before and after). */
export interface ActedChange {
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** True when the target was so already (another admin acted first): nothing changed. */
  actedBefore?: boolean;
  afterCommit?: AfterCommit;
}

/**
 * One kind of report in the admin queue. The module that owns the reports (and the reported thing)
 * answers it, bound in api/src/ports.module.ts under REPORT_SOURCES, so the admin module reads and
 * writes no other module's tables. A new kind of report is one more source.
 */
export interface ReportSource {
  readonly kind: ReportKind;
  /** The audit log's record type for this kind's targets ("event", "user", "post", …). */
  readonly recordType: string;
  /** Targets with open reports, the longest waiting first (first open report, then id), after `after`. */
  openTargets(after: QueuePosition | null, limit: number): Promise<ReportedTarget[]>;
  /** The target as the queue shows it, read in `tx` (for the audit row); undefined when it does not exist. */
  contentOf(tx: EntityManager, targetId: string): Promise<ReportedContentView | undefined>;
  /**
   * Closes every open report of the target with the outcome, in `tx`, and answers the reporters to
   * tell. Empty when none was open: already closed (by another admin at the same moment: the row
   * locks make the second wait and then find nothing open) or never reported.
   */
  close(tx: EntityManager, targetId: string, closing: ReportClosing): Promise<string[]>;
  /**
   * Acts on the target in `tx` (removes the post, comment or review). Absent for events and people:
   * they are taken down and suspended through the ports of report-actions.port.ts (see PortedActs).
   */
  act?(tx: EntityManager, targetId: string, admin: AuthUser): Promise<ActedChange>;
}

export const REPORT_SOURCES = Symbol('REPORT_SOURCES');

/** How one report table is read into queue items: the SQL each source gives `openReportGroupsSql`. */
export interface ReportGroupSpec {
  table: string;
  /** The column naming the reported thing. */
  target: string;
  /** A condition on the report `r` (community reports hold posts and comments). */
  where?: string;
  /** The reporter's own words (event reports have none). */
  details?: string;
  /** Joins from the group `g` (g.target_id) to the reported thing. */
  joins: string;
  /** A json_build_object of ReportedContentView's fields (text, details, author, gone, link, title). */
  content: string;
  /**
   * What closing sets besides who, when and why ($2 is the outcome): event_report keeps its own
   * statuses (resolved, dismissed); the others are closed with an outcome.
   */
  closedAs?: string;
}

/**
 * Open reports grouped by target, a page of them oldest first. Parameters: $1 the position's
 * first report time (null for the first page), $2 its target id, $3 the page size.
 */
export function openReportGroupsSql(spec: ReportGroupSpec): string {
  return `
    WITH grouped AS (
      SELECT r.${spec.target} AS target_id, count(*)::int AS count, min(r.created_at) AS first_at, max(r.created_at) AS last_at,
             to_json((array_agg(json_build_object(
               'id', r.id, 'reporter', json_build_object('id', u.id, 'name', u.name),
               'reason', r.reason, 'details', ${spec.details ?? 'r.details'}, 'reportedAt', r.created_at
             ) ORDER BY r.created_at))[1:${ReportLimits.reportsPerItem}]) AS reports
        FROM ${spec.table} r
        JOIN users u ON u.id = r.reporter_id
       WHERE r.status = 'open'${spec.where ? ` AND ${spec.where}` : ''}
       GROUP BY r.${spec.target}
      HAVING $1::timestamptz IS NULL OR (min(r.created_at), r.${spec.target}) > ($1::timestamptz, $2::uuid)
       ORDER BY first_at, target_id
       LIMIT $3
    )
    SELECT g.target_id AS "targetId", g.count, ${keysetTimeSql('g.first_at')} AS "firstReportedAt",
           ${keysetTimeSql('g.last_at')} AS "lastReportedAt", g.reports, ${spec.content} AS content
      FROM grouped g
      ${spec.joins}
     ORDER BY g.first_at, g.target_id`;
}

/** The parameters of `openReportGroupsSql`. */
export const openReportGroupsParams = (after: QueuePosition | null, limit: number): unknown[] => [
  after?.firstReportedAt ?? null,
  after?.targetId ?? null,
  limit,
];

/** Each report's reason in words: `label` turns a listed reason's key into what the form showed. */
export const withReasonLabels = (targets: ReportedTarget[], label: (reason: string) => string): ReportedTarget[] =>
  targets.map((target) => ({ ...target, reports: target.reports.map((report) => ({ ...report, reason: label(report.reason) })) }));

/** The reported thing alone, as `openReportGroupsSql` shows it ($1: its id); no row when it does not exist. */
export const reportedContentSql = (spec: ReportGroupSpec): string =>
  `SELECT ${spec.content} AS content FROM (SELECT $1::uuid AS target_id) g ${spec.joins}`;

export async function readReportedContent(
  tx: EntityManager,
  spec: ReportGroupSpec,
  targetId: string,
): Promise<ReportedContentView | undefined> {
  const rows = await tx.query<Array<{ content: ReportedContentView }>>(reportedContentSql(spec), [targetId]);
  return rows[0]?.content;
}

/** Closes the target's open reports in `tx` (see ReportSource.close): the reporters, once each. */
export async function closeOpenReports(tx: EntityManager, spec: ReportGroupSpec, targetId: string, closing: ReportClosing) {
  const rows = await queryRows<{ reporterId: string }>(
    tx,
    `UPDATE ${spec.table} r SET ${spec.closedAs ?? "status = 'closed', outcome = $2"},
            resolved_at = now(), resolved_by = $3, resolution = $4
      WHERE r.${spec.target} = $1 AND r.status = 'open'${spec.where ? ` AND ${spec.where}` : ''}
      RETURNING r.reporter_id AS "reporterId"`,
    [targetId, closing.outcome, closing.adminId, closing.reason],
  );
  return [...new Set(rows.map((row) => row.reporterId))];
}

/**
 * A source whose reports are one table read through a ReportGroupSpec (the owning module's
 * repository declares the spec; its adapter extends this and adds `act` where it can act).
 */
export abstract class TableReportSource implements ReportSource {
  abstract readonly kind: ReportKind;
  abstract readonly recordType: string;
  protected abstract readonly spec: ReportGroupSpec;

  constructor(protected readonly dataSource: DataSource) {}

  /** The listed reasons' words by key (event reports hold the reporter's own words). */
  protected readonly reasonLabels: Readonly<Record<string, string>> = {};

  async openTargets(after: QueuePosition | null, limit: number): Promise<ReportedTarget[]> {
    const rows = await this.dataSource.query<ReportedTarget[]>(openReportGroupsSql(this.spec), openReportGroupsParams(after, limit));
    return withReasonLabels(rows, (reason) => this.reasonLabels[reason] ?? reason);
  }

  contentOf(tx: EntityManager, targetId: string): Promise<ReportedContentView | undefined> {
    return readReportedContent(tx, this.spec, targetId);
  }

  close(tx: EntityManager, targetId: string, closing: ReportClosing): Promise<string[]> {
    return closeOpenReports(tx, this.spec, targetId, closing);
  }
}
