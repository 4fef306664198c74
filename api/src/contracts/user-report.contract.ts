import { type z } from 'zod';
import { reportInputSchema, reportListQuerySchema, type ReportStatus } from './report-input.js';

/** Why a person may be reported (SPEC §2 user report screen), with the label the form shows. */
export const USER_REPORT_REASONS = {
  fake_profile: 'Fake profile or impersonation',
  harassment: 'Harassment or bullying',
  inappropriate_content: 'Inappropriate photos or bio',
  spam: 'Spam or scam',
  safety: 'Made me feel unsafe at an event',
  underage: 'Appears to be under 18',
  other: 'Something else',
} as const;

export type UserReportReason = keyof typeof USER_REPORT_REASONS;

export const REPORT_DETAILS_MAX = 1000;

/** POST /users/{id}/report. "Something else" needs a word of explanation; the others may have one. */
export const reportUserSchema = reportInputSchema(USER_REPORT_REASONS, REPORT_DETAILS_MAX);
export type ReportUserInput = z.infer<typeof reportUserSchema>;

export type UserReportStatus = ReportStatus;

/** GET /admin/user-reports?status=open|closed (open by default), newest first. */
export const userReportListQuerySchema = reportListQuerySchema;
export type UserReportListQuery = z.infer<typeof userReportListQuerySchema>;
