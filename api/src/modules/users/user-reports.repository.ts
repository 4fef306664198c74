import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type UserReportReason, type UserReportStatus } from '../../contracts/user-report.contract.js';
import { type ReportGroupSpec } from '../admin/reports/report-sources.port.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';

export interface NewUserReport {
  reporterId: string;
  reportedId: string;
  reason: UserReportReason;
  details: string | null;
}

/** A report as moderators read it: who reported whom (names as the profiles have them now). */
export interface UserReportRow {
  id: string;
  reason: UserReportReason;
  details: string | null;
  status: UserReportStatus;
  created_at: Date;
  reporter: { id: string; name: string | null };
  reported: { id: string; name: string | null; role: string; deleted: boolean };
}

/** The user_report table: every read and write of it goes through here. */
@Injectable()
export class UserReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The new report's id, or null when the reporter already has an open one about this person
   * (the partial unique index decides, so two reports sent at once cannot both be stored).
   */
  async insertOpen(report: NewUserReport): Promise<{ id: string; created_at: Date } | null> {
    try {
      const rows: Array<{ id: string; created_at: Date }> = await this.dataSource.query(
        `INSERT INTO user_report (reporter_id, reported_id, reason, details) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
        [report.reporterId, report.reportedId, report.reason, report.details],
      );
      return rows[0]!;
    } catch (error) {
      if (uniqueViolation(error) === 'user_report_one_open_idx') return null;
      throw error;
    }
  }

  async page(status: UserReportStatus, limit: number, offset: number): Promise<{ rows: UserReportRow[]; total: number }> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query<UserReportRow[]>(
        `SELECT r.id, r.reason, r.details, r.status, r.created_at,
                json_build_object('id', a.id, 'name', a.name) AS reporter,
                json_build_object('id', b.id, 'name', b.name, 'role', b.role, 'deleted', b.deleted_at IS NOT NULL) AS reported
           FROM user_report r
           JOIN users a ON a.id = r.reporter_id
           JOIN users b ON b.id = r.reported_id
          WHERE r.status = $1
          ORDER BY r.created_at DESC, r.id
          LIMIT $2 OFFSET $3`,
        [status, limit, offset],
      ),
      this.dataSource.query<Array<{ total: number }>>('SELECT count(*)::int AS total FROM user_report WHERE status = $1', [status]),
    ]);
    return { rows, total: counted[0]!.total };
  }

  /** What the reporter wrote is theirs: an erased reporter's reports keep the reason, not the words. */
  async clearDetailsWrittenBy(reporterId: string): Promise<void> {
    await this.dataSource.query('UPDATE user_report SET details = NULL WHERE reporter_id = $1 AND details IS NOT NULL', [reporterId]);
  }
}

/** user_report in the admin reports queue: the person as their profile is now. */
export const PERSON_REPORT_GROUPS: ReportGroupSpec = {
  table: 'user_report',
  target: 'reported_id',
  joins: 'JOIN users person ON person.id = g.target_id',
  content: `json_build_object(
    'title', person.name, 'text', person.bio,
    'details', concat_ws(' · ', person.role, person.location, CASE WHEN person.deleted_at IS NOT NULL THEN 'account deleted' END),
    'author', NULL, 'gone', person.deleted_at IS NOT NULL,
    'link', '/admin/users/' || person.id)`,
};
