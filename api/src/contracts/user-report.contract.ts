import { z } from 'zod';
import { stripBidiControls } from './bidi.js';
import { EVENT_GENERAL_LIST_LIMIT, pageQuery } from './event/pagination.js';

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

const REASON_KEYS = Object.keys(USER_REPORT_REASONS) as [UserReportReason, ...UserReportReason[]];

export const REPORT_DETAILS_MAX = 1000;

/** POST /users/{id}/report. "Something else" needs a word of explanation; the others may have one. */
export const reportUserSchema = z
  .object({
    reason: z.enum(REASON_KEYS, { message: 'must be one of the listed reasons' }),
    details: z
      .string({ message: 'must be text' })
      .overwrite(stripBidiControls)
      .trim()
      .max(REPORT_DETAILS_MAX, { message: `must be at most ${REPORT_DETAILS_MAX} characters` })
      .nullable()
      .optional(),
  })
  .refine((body) => body.reason !== 'other' || Boolean(body.details), {
    message: 'is required when the reason is "Something else"',
    path: ['details'],
  });
export type ReportUserInput = z.infer<typeof reportUserSchema>;

export const userReportStatusSchema = z.enum(['open', 'closed']);
export type UserReportStatus = z.infer<typeof userReportStatusSchema>;

/** GET /admin/user-reports?status=open|closed (open by default), newest first. */
export const userReportListQuerySchema = z.object({
  status: userReportStatusSchema.default('open'),
  ...pageQuery(EVENT_GENERAL_LIST_LIMIT),
});
export type UserReportListQuery = z.infer<typeof userReportListQuerySchema>;
