import { z } from 'zod';
import { type AdminAuditView } from './admin-audit.contract.js';
import { emptyToUndefined, intText } from './event/coercions.js';
import { wholeNumber } from './event/fields.js';

/** The admin reports queue and the audit list (GET/POST /admin/reports, GET /admin/audit): shared by the API and the web. */

/** What people report: each kind's reports live with the module that owns it. */
export const REPORT_KINDS = ['event', 'person', 'post', 'comment', 'review'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The act button names what it does. */
export const REPORT_ACT_LABELS: Readonly<Record<ReportKind, string>> = {
  event: 'Take down event',
  person: 'Suspend person',
  post: 'Remove post',
  comment: 'Remove comment',
  review: 'Remove review',
};

export const REPORT_KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  event: 'Events',
  person: 'People',
  post: 'Posts',
  comment: 'Comments',
  review: 'Reviews',
};

export const ReportLimits = {
  queuePage: 20,
  maxPage: 50,
  /** The reports one queue item lists (the count says how many there are in all). */
  reportsPerItem: 20,
  auditPage: 50,
  reasonMax: 500,
} as const;

export const ReportMessages = {
  reasonRequired: 'Say in a few words why (it goes in the audit log)',
  alreadyClosed: 'These reports were already closed, perhaps by another admin. Reload the queue to see what is still open.',
  nothingOpen: 'Nothing open is reported about this.',
  alreadyRemoved: 'This was removed already, perhaps by another admin.',
  badCursor: 'cursor: must be a cursor from the previous page',
} as const;

export const ReportErrorCodes = {
  alreadyClosed: 'reports_already_closed',
} as const;

const limitParam = (defaultLimit: number) =>
  z.preprocess((value) => intText(emptyToUndefined(value)), wholeNumber(1, ReportLimits.maxPage).default(defaultLimit));
const cursorParam = z.preprocess(emptyToUndefined, z.string().max(200).optional());

/** GET /admin/reports?kind=&cursor=&limit=: open reports grouped by what they are about, the longest waiting first. */
export const reportQueueQuerySchema = z.object({
  kind: z.preprocess(emptyToUndefined, z.enum(REPORT_KINDS, { message: 'must be event, person, post, comment or review' }).optional()),
  cursor: cursorParam,
  limit: limitParam(ReportLimits.queuePage),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;

export const reportTargetParamsSchema = z.object({
  kind: z.enum(REPORT_KINDS, { message: 'must be event, person, post, comment or review' }),
  targetId: z.uuid({ message: 'must be a valid id' }),
});
export type ReportTargetParams = z.infer<typeof reportTargetParamsSchema>;

/** The decision a POST names: dismiss the reports, or act on what they are about. */
export const REPORT_DECISIONS = { dismiss: 'dismissed', act: 'acted' } as const;
export const reportDecisionParamsSchema = reportTargetParamsSchema.extend({
  decision: z.enum(['dismiss', 'act'], { message: 'must be dismiss or act' }),
});
export type ReportDecisionParams = z.infer<typeof reportDecisionParamsSchema>;

/** POST /admin/reports/{kind}/{targetId}/dismiss|act: the admin's reason, kept in the audit log and on the closed reports. */
export const reportDecisionSchema = z.object({
  reason: z
    .string({ message: ReportMessages.reasonRequired })
    .trim()
    .min(3, { message: ReportMessages.reasonRequired })
    .max(ReportLimits.reasonMax, { message: `must be at most ${ReportLimits.reasonMax} characters` }),
});
export type ReportDecisionInput = z.infer<typeof reportDecisionSchema>;

/** The reported thing as it looks now. */
export interface ReportedContentView {
  /** The event's title or the person's name; null for posts, comments and reviews. */
  title: string | null;
  /** The words reported (the post, comment or review; the event's description; the person's bio). */
  text: string | null;
  /** A line of context: the stars of a review, the event's date and status, the person's role. */
  details: string | null;
  /** Who wrote or hosts it; null for a person. */
  author: { id: string; name: string | null } | null;
  /** Already removed (a review: by moderation, or withdrawn by its rater), cancelled or deleted. */
  gone: boolean;
  /** Where an admin looks at it. */
  link: string;
}

export interface ReportEntryView {
  id: string;
  reporter: { id: string; name: string | null };
  /** The reason in words (a listed reason's label, or what the reporter typed for an event). */
  reason: string;
  details: string | null;
  reportedAt: string;
}

export interface ReportQueueItemView {
  kind: ReportKind;
  targetId: string;
  content: ReportedContentView;
  /** How many open reports there are about it (reports lists at most ReportLimits.reportsPerItem). */
  count: number;
  reports: ReportEntryView[];
  firstReportedAt: string;
  lastReportedAt: string;
}

export interface ReportQueueView {
  items: ReportQueueItemView[];
  nextCursor: string | null;
}

export type ReportOutcome = 'dismissed' | 'acted';

export interface ReportDecisionView {
  kind: ReportKind;
  targetId: string;
  outcome: ReportOutcome;
  reportsClosed: number;
  reportersTold: number;
}

const auditText = (max: number) => z.preprocess(emptyToUndefined, z.string().trim().max(max).optional());

/** GET /admin/audit: every admin action, newest first, filtered by any of these. */
export const auditListQuerySchema = z.object({
  record_type: auditText(40),
  record_id: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a valid id' }).optional()),
  admin_id: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a valid id' }).optional()),
  action: auditText(60),
  cursor: cursorParam,
  limit: limitParam(ReportLimits.auditPage),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export interface AuditListView {
  entries: AdminAuditView[];
  nextCursor: string | null;
}
