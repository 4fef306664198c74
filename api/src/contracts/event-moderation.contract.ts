import { z } from 'zod';
import { type AdminAuditView } from './admin-audit.contract.js';
import { stripBidiControls } from './bidi.js';
import { type EventView, type ModerationStatus } from './event.contract.js';

/**
 * Event moderation (issue 24; the policy is in docs/decisions.md "Event moderation"): the review
 * queue, an admin's decisions, and what the host is shown of them.
 */

/** The fields whose edit on a published event waits for review when its host is not verified. */
export const REVIEWED_EVENT_FIELDS = ['title', 'description', 'images'] as const;
export type ReviewedEventField = (typeof REVIEWED_EVENT_FIELDS)[number];

/** An unverified host's changes to a published event, shown to nobody else until approved. */
export interface PendingEventChanges {
  title?: string;
  description?: string | null;
  images?: string[];
}

/** What the host (and admins) see of an event's moderation; absent from everyone else's view. */
export interface EventModerationView {
  status: ModerationStatus;
  /** Why an admin refused the event or its last changes, or took it down. */
  reason: string | null;
  pending_changes: PendingEventChanges | null;
  /** Since when it waits in the review queue (null when it does not). */
  waiting_since: string | null;
  taken_down: boolean;
}

export const REVIEW_QUEUE_FILTERS = ['new', 'edited', 'reported'] as const;
export type ReviewQueueFilter = (typeof REVIEW_QUEUE_FILTERS)[number];

export const ModerationLimits = { reasonMaxLength: 500, queuePage: 20, maxQueuePage: 50, reportsShown: 20 } as const;

export const ModerationMessages = {
  reasonRequired: 'Please give a reason.',
  notUnderReview: 'This event is not waiting for review: it may have been decided already.',
  alreadyCancelled: 'This event is already cancelled.',
  badCursor: 'This list has changed. Please start again from the top.',
  approved: 'Event approved.',
  rejected: 'Event not approved.',
  takenDown: 'Event taken down. Its fans will be refunded.',
} as const;

export const ModerationErrorCodes = {
  notUnderReview: 'event_not_under_review',
  alreadyCancelled: 'event_already_cancelled',
  badCursor: 'bad_cursor',
} as const;

/** The reason of a refusal or a take-down: 1–500 characters once trimmed. */
export const moderationDecisionSchema = z.object({
  reason: z
    .string({ message: ModerationMessages.reasonRequired })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { message: ModerationMessages.reasonRequired })
    .max(ModerationLimits.reasonMaxLength, { message: `must be at most ${ModerationLimits.reasonMaxLength} characters` }),
});
export type ModerationDecisionInput = z.infer<typeof moderationDecisionSchema>;

/** GET /admin/events/review: one queue, oldest first, keyset-paged by `cursor` (an answer's next_cursor). */
export const reviewQueueQuerySchema = z.object({
  filter: z.enum(REVIEW_QUEUE_FILTERS, { message: `must be one of: ${REVIEW_QUEUE_FILTERS.join(', ')}` }).default('new'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ModerationLimits.maxQueuePage).default(ModerationLimits.queuePage),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

export interface ReviewReport {
  id: string;
  reason: string;
  created_at: string;
}

/** One event in the queue: as the public sees it now, what would change, and what people reported. */
export interface ReviewQueueItem {
  event: EventView;
  waiting_since: string;
  changes: PendingEventChanges | null;
  open_reports: number;
  reports: ReviewReport[];
}

export interface ReviewQueuePage {
  filter: ReviewQueueFilter;
  items: ReviewQueueItem[];
  next_cursor: string | null;
}

/** GET /admin/events/:id/review: the event, its moderation, its open reports and its admin history. */
export interface EventReviewView {
  event: EventView;
  moderation: EventModerationView;
  open_reports: number;
  reports: ReviewReport[];
  history: AdminAuditView[];
}
