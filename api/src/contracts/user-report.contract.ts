import { z } from 'zod';
import { EVENT_GENERAL_LIST_LIMIT, pageQuery } from './event/pagination.js';
import { reportInputSchema } from './report-input.js';

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

export const userReportStatusSchema = z.enum(['open', 'closed']);
export type UserReportStatus = z.infer<typeof userReportStatusSchema>;

/** GET /admin/user-reports?status=open|closed (open by default), newest first. */
export const userReportListQuerySchema = z.object({
  status: userReportStatusSchema.default('open'),
  ...pageQuery(EVENT_GENERAL_LIST_LIMIT),
});
export type UserReportListQuery = z.infer<typeof userReportListQuerySchema>;
