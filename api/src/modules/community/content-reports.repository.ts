import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type AdminContentReportView, type ContentReportReason } from '../../contracts/community.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { type ReportGroupSpec } from '../admin/reports/report-sources.port.js';

export interface NewContentReport {
  reporterId: string;
  target: { postId: string } | { commentId: string };
  reason: ContentReportReason;
  details: string | null;
}

export type ContentReportRow = Omit<AdminContentReportView, 'createdAt'> & { createdAt: Date };

/** The partial unique indexes that keep one open report per reporter and post or comment. */
const ONE_OPEN = new Set(['community_report_one_open_post_idx', 'community_report_one_open_comment_idx']);

/** The community_report table: every statement on it. */
@Injectable()
export class ContentReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The new report, or null when the reporter already has an open one about this post or comment
   * (the partial unique index decides, so two reports sent at once cannot both be stored).
   */
  async insertOpen(report: NewContentReport): Promise<{ id: string; createdAt: Date } | null> {
    const postId = 'postId' in report.target ? report.target.postId : null;
    const commentId = 'commentId' in report.target ? report.target.commentId : null;
    try {
      const rows = await this.dataSource.query<Array<{ id: string; createdAt: Date }>>(
        `INSERT INTO community_report (reporter_id, post_id, comment_id, reason, details) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, created_at AS "createdAt"`,
        [report.reporterId, postId, commentId, report.reason, report.details],
      );
      return rows[0]!;
    } catch (error) {
      if (ONE_OPEN.has(uniqueViolation(error) ?? '')) return null;
      throw error;
    }
  }

  /** Reports in this status, newest first, with what was reported and who wrote it (as they are now). */
  async page(status: 'open' | 'closed', limit: number, offset: number): Promise<{ rows: ContentReportRow[]; total: number }> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query<ContentReportRow[]>(
        `SELECT r.id, CASE WHEN r.post_id IS NOT NULL THEN 'post' ELSE 'comment' END AS target,
                COALESCE(r.post_id, r.comment_id) AS "targetId", COALESCE(r.post_id, c.post_id) AS "postId",
                r.reason, r.details, r.status, r.created_at AS "createdAt",
                json_build_object('id', reporter.id, 'name', reporter.name) AS reporter,
                json_build_object(
                  'text', COALESCE(p.text, c.text),
                  'removed', COALESCE(p.removed_at, c.removed_at) IS NOT NULL,
                  'author', json_build_object('id', author.id, 'name', author.name, 'deleted', author.deleted_at IS NOT NULL)
                ) AS content
           FROM community_report r
           JOIN users reporter ON reporter.id = r.reporter_id
           LEFT JOIN community_post p ON p.id = r.post_id
           LEFT JOIN community_comment c ON c.id = r.comment_id
           JOIN users author ON author.id = COALESCE(p.author_id, c.author_id)
          WHERE r.status = $1
          ORDER BY r.created_at DESC, r.id
          LIMIT $2 OFFSET $3`,
        [status, limit, offset],
      ),
      this.dataSource.query<Array<{ total: number }>>('SELECT count(*)::int AS total FROM community_report WHERE status = $1', [status]),
    ]);
    return { rows, total: counted[0]!.total };
  }

  /** What the reporter wrote is theirs: an erased reporter's reports keep the reason, not the words. */
  async clearDetailsWrittenBy(tx: EntityManager, reporterId: string): Promise<void> {
    await tx.query('UPDATE community_report SET details = NULL WHERE reporter_id = $1 AND details IS NOT NULL', [reporterId]);
  }
}

/** The author of the reported post or comment `x`, and whether it is already hidden. */
const contentOfPostOrComment = (x: string, details: string) => `json_build_object(
    'title', NULL, 'text', ${x}.text, 'details', ${details},
    'author', json_build_object('id', author.id, 'name', author.name),
    'gone', ${x}.removed_at IS NOT NULL,
    'link', '/post/' || ${x === 'p' ? 'p.id' : `${x}.post_id`})`;

/** community_report about posts in the admin reports queue. */
export const POST_REPORT_GROUPS: ReportGroupSpec = {
  table: 'community_report',
  target: 'post_id',
  where: 'r.post_id IS NOT NULL',
  joins: 'JOIN community_post p ON p.id = g.target_id JOIN users author ON author.id = p.author_id',
  content: contentOfPostOrComment(
    'p',
    `concat_ws(' · ', p.city, CASE WHEN cardinality(p.photos) > 0 THEN cardinality(p.photos) || ' photos' END)`,
  ),
};

/** community_report about comments in the admin reports queue. */
export const COMMENT_REPORT_GROUPS: ReportGroupSpec = {
  table: 'community_report',
  target: 'comment_id',
  where: 'r.comment_id IS NOT NULL',
  joins: 'JOIN community_comment c ON c.id = g.target_id JOIN users author ON author.id = c.author_id',
  content: contentOfPostOrComment('c', `'A comment'`),
};
