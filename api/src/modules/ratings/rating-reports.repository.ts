import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type AdminRatingReportView, type RatingReportReason } from '../../contracts/ratings.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { type ReportGroupSpec } from '../admin/reports/report-sources.port.js';

export interface NewRatingReport {
  reporterId: string;
  ratingId: string;
  reason: RatingReportReason;
  details: string | null;
}

export type RatingReportRow = Omit<AdminRatingReportView, 'createdAt'> & { createdAt: Date };

/** The partial unique index that keeps one open report per reporter and rating. */
const ONE_OPEN = 'rating_report_one_open_idx';

/** The rating_report table: every statement on it. */
@Injectable()
export class RatingReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The new report; null when the reporter already has an open one about this rating (the index
   * decides), 'gone' when the rating is no longer published. The published row is locked as the
   * report is written, so a rater deleting it meanwhile either waits and sees this report (the review
   * is withdrawn) or goes first and this finds nothing to report: a report never lands on a review
   * already withdrawn, which its rater may since have replaced.
   */
  async insertOpen(report: NewRatingReport): Promise<{ id: string; createdAt: Date } | null | 'gone'> {
    try {
      const rows = await this.dataSource.query<Array<{ id: string; createdAt: Date }>>(
        `INSERT INTO rating_report (reporter_id, rating_id, reason, details)
         SELECT $1::uuid, r.id, $3::text, $4::text FROM rating r WHERE r.id = $2 AND r.status = 'published' FOR SHARE
         RETURNING id, created_at AS "createdAt"`,
        [report.reporterId, report.ratingId, report.reason, report.details],
      );
      return rows[0] ?? 'gone';
    } catch (error) {
      if (uniqueViolation(error) === ONE_OPEN) return null;
      throw error;
    }
  }

  /** Reports in this status, newest first, with the rating and the people as they are now. */
  async page(status: 'open' | 'closed', limit: number, offset: number): Promise<{ rows: RatingReportRow[]; total: number }> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query<RatingReportRow[]>(
        `SELECT rr.id, rr.rating_id AS "ratingId", rr.reason, rr.details, rr.status, rr.created_at AS "createdAt",
                json_build_object('id', reporter.id, 'name', reporter.name) AS reporter,
                json_build_object(
                  'hostRating', r.host_rating, 'eventRating', r.event_rating,
                  'hostReview', r.host_review, 'eventReview', r.event_review, 'removed', r.status <> 'published',
                  'rater', json_build_object('id', rater.id, 'name', rater.name, 'deleted', rater.deleted_at IS NOT NULL),
                  'ratedInfluencer', json_build_object('id', host.id, 'name', host.name),
                  'event', json_build_object('id', e.id, 'title', e.title)
                ) AS rating
           FROM rating_report rr
           JOIN users reporter ON reporter.id = rr.reporter_id
           JOIN rating r ON r.id = rr.rating_id
           JOIN users rater ON rater.id = r.rater_id
           JOIN users host ON host.id = r.rated_influencer_id
           JOIN event e ON e.id = r.event_id
          WHERE rr.status = $1
          ORDER BY rr.created_at DESC, rr.id
          LIMIT $2 OFFSET $3`,
        [status, limit, offset],
      ),
      this.dataSource.query<Array<{ total: number }>>('SELECT count(*)::int AS total FROM rating_report WHERE status = $1', [status]),
    ]);
    return { rows, total: counted[0]!.total };
  }

  /** What the reporter wrote is theirs: an erased reporter's reports keep the reason, not the words. */
  async clearDetailsWrittenBy(tx: EntityManager, reporterId: string): Promise<void> {
    await tx.query('UPDATE rating_report SET details = NULL WHERE reporter_id = $1 AND details IS NOT NULL', [reporterId]);
  }
}

/** rating_report in the admin reports queue: the review's words and stars, the rater, and the event it is about. */
export const REVIEW_REPORT_GROUPS: ReportGroupSpec = {
  table: 'rating_report',
  target: 'rating_id',
  joins: 'JOIN rating rt ON rt.id = g.target_id JOIN users rater ON rater.id = rt.rater_id JOIN event e ON e.id = rt.event_id',
  content: `json_build_object(
    'title', NULL,
    'text', NULLIF(concat_ws(E'\n', rt.host_review, rt.event_review), ''),
    'details', 'Host ' || rt.host_rating || '★ · Event ' || rt.event_rating || '★ · ' || e.title,
    'author', json_build_object('id', rater.id, 'name', rater.name),
    'gone', rt.status <> 'published',
    'link', '/profile-preview/' || rt.rated_influencer_id || '/reviews/' || rt.event_id)`,
};
