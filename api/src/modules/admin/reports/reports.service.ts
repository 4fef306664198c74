import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type ReportDecisionView,
  type ReportKind,
  type ReportOutcome,
  type ReportQueueItemView,
  type ReportQueueQuery,
  type ReportQueueView,
  type ReportTargetParams,
} from '../../../contracts/reports.contract.js';
import { AdminAuditLog } from '../../../platform/audit/admin-audit.js';
import { requirePermission, type AuthUser } from '../../../platform/http/auth-context.js';
import { reportOutcomeText } from '../../notifications/notification-text.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { decodeCursor, encodeCursor } from '../keyset-cursor.js';
import { PortedActs } from './ported-acts.js';
import { REPORT_SOURCES, type ActedChange, type ReportSource } from './report-sources.port.js';
import { AlreadyRemovedError, NothingReportedError, ReportsAlreadyClosedError } from './reports.errors.js';

/** The longest waiting first: by first open report, then id (the order every source pages in). */
const byWaiting = (a: ReportQueueItemView, b: ReportQueueItemView) =>
  a.firstReportedAt === b.firstReportedAt ? (a.targetId < b.targetId ? -1 : 1) : a.firstReportedAt < b.firstReportedAt ? -1 : 1;

/** What the audit row and the reporters' notice say of a removal an admin made from the thing's own page. */
const REMOVED_FROM_ITS_PAGE = 'Removed by an admin from its page';

/** How much of the reported words the audit row keeps, to say what was acted on. */
const AUDIT_TEXT_MAX = 280;

/**
 * One queue for every kind of report. Each kind's source (REPORT_SOURCES) lists its open reports
 * grouped by target and closes them; a decision closes every open report of one target, acts on it
 * if asked, writes the audit row and tells each reporter, all in one transaction.
 */
@Injectable()
export class ReportsService {
  private readonly sources: ReadonlyMap<ReportKind, ReportSource>;

  constructor(
    @Inject(REPORT_SOURCES) sources: ReportSource[],
    private readonly dataSource: DataSource,
    private readonly audit: AdminAuditLog,
    private readonly notifications: NotificationsService,
    private readonly portedActs: PortedActs,
  ) {
    this.sources = new Map(sources.map((source) => [source.kind, source]));
  }

  /** A page of the queue: each source's next page, merged in waiting order. */
  async queue({ kind, cursor, limit }: ReportQueueQuery): Promise<ReportQueueView> {
    const position = decodeCursor(cursor);
    const after = position && { firstReportedAt: position.at, targetId: position.id };
    const chosen = kind ? [this.sourceOf(kind)] : [...this.sources.values()];
    const pages = await Promise.all(
      chosen.map(async (source) => (await source.openTargets(after, limit + 1)).map((target) => ({ kind: source.kind, ...target }))),
    );
    const merged = pages.flat().sort(byWaiting);
    const items = merged.slice(0, limit);
    const last = items.at(-1);
    return { items, nextCursor: merged.length > limit && last ? encodeCursor({ at: last.firstReportedAt, id: last.targetId }) : null };
  }

  /**
   * Closes every open report of the target with the outcome. Two admins at once: the second waits on
   * the first's row locks, finds nothing open and gets a 409; reports sent after the close stay open
   * and form a new queue item.
   */
  decide(admin: AuthUser, target: ReportTargetParams, outcome: ReportOutcome, reason: string): Promise<ReportDecisionView> {
    return this.decideFrom('the queue', admin, target, outcome, reason);
  }

  /**
   * An admin removing someone's post, comment or review where it is shown (its page's Delete): the queue's
   * decision to act on it, reported or not, so its open reports close, it is audited and its
   * reporters are told as from the queue. One already removed (another admin at the same moment) is
   * a 404 and writes nothing.
   */
  async removeFromItsPage(admin: AuthUser, target: { kind: 'post' | 'comment' | 'review'; targetId: string }): Promise<void> {
    await this.decideFrom('its page', admin, target, 'acted', REMOVED_FROM_ITS_PAGE);
  }

  private async decideFrom(
    from: 'the queue' | 'its page',
    admin: AuthUser,
    { kind, targetId }: ReportTargetParams,
    outcome: ReportOutcome,
    reason: string,
  ): Promise<ReportDecisionView> {
    // Taking an event down needs the delete_events flag, as deleting one does.
    if (outcome === 'acted' && kind === 'event') requirePermission(admin, 'delete_events');
    const source = this.sourceOf(kind);
    const { reporters, change } = await this.dataSource.transaction(async (tx) => {
      const content = await source.contentOf(tx, targetId);
      if (!content) throw new NothingReportedError();
      const reporters = await source.close(tx, targetId, { outcome, adminId: admin.id, reason });
      if (reporters.length === 0 && from === 'the queue') throw new ReportsAlreadyClosedError();
      const change = outcome === 'acted' ? await this.act(source, tx, targetId, admin, reason) : undefined;
      if (from === 'its page' && reporters.length === 0 && change?.actedBefore) throw new AlreadyRemovedError();
      await this.audit.record(tx, {
        adminId: admin.id,
        action: change?.action ?? 'report.dismissed',
        recordType: source.recordType,
        recordId: targetId,
        reason,
        before: {
          ...change?.before,
          openReports: reporters.length,
          title: content.title,
          text: content.text?.slice(0, AUDIT_TEXT_MAX) ?? null,
          link: content.link,
        },
        after: { ...change?.after, outcome },
      });
      const words = reportOutcomeText(kind, outcome);
      await this.notifications.notify(tx, ...reporters.map((userId) => ({ userId, type: 'report_outcome' as const, ...words })));
      return { reporters, change };
    });
    await change?.afterCommit?.();
    // One open report per reporter and target (each table's partial unique index): reporters and reports are as many.
    return { kind, targetId, outcome, reportsClosed: reporters.length, reportersTold: reporters.length };
  }

  private act(source: ReportSource, tx: EntityManager, targetId: string, admin: AuthUser, reason: string): Promise<ActedChange> {
    if (source.act) return source.act(tx, targetId, admin);
    return this.portedActs.act(source.kind as 'event' | 'person', tx, targetId, admin, reason);
  }

  private sourceOf(kind: ReportKind): ReportSource {
    const source = this.sources.get(kind);
    if (!source) throw new Error(`No report source for ${kind}: bind one in REPORT_SOURCES (ports.module.ts)`);
    return source;
  }
}
