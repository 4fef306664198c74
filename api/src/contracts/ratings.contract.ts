/**
 * Ratings and reviews (issue 23): attendees rate an event's host and the event; everyone reads them.
 * Base path /api/v1. SPEC §3 (Rating, rating stats), §5 (the rating rule), §7 and §8 (messages).
 *
 * | Method and path                            | Body               | Answer                                    |
 * |--------------------------------------------|--------------------|-------------------------------------------|
 * | POST   /ratings                            | RatingInput        | 201 RatingView                            |
 * | PUT    /ratings/{id}                       | RatingEditInput    | RatingView (the rater, within the window) |
 * | DELETE /ratings/{id}                       |                    | 204 (the rater; an admin removes any)     |
 * | GET    /ratings/user                       |                    | MyRatingsView (the caller's)              |
 * | GET    /ratings/influencer/{id}            | (ReviewsQuery)     | ReviewPageView (public, newest first)     |
 * | GET    /ratings/influencer/{id}/stats      |                    | RatingStatsView (public)                  |
 * | PUT    /ratings/{id}/reply                 | ReplyInput         | RatingView (the rated host)               |
 * | DELETE /ratings/{id}/reply                 |                    | RatingView (the rated host)               |
 * | POST   /ratings/{id}/report                | RatingReportInput  | 201 RatingReportView                      |
 * | GET    /admin/rating-reports               | (ReportListQuery)  | { data, pagination } (admin)              |
 *
 * Who may rate (SPEC §5 and the issue): a person accepted to the event (and not refunded), once the
 * event has ended, once per event and host. A guest gets 401 "Please log in to submit a rating".
 */
import type { Pagination } from './event/pagination.js';

export type {
  RatingEditInput,
  RatingInput,
  RatingReportInput,
  RatingReportListQuery,
  ReplyInput,
  ReviewsQuery,
} from './ratings.schemas.js';

export const RatingLimits = {
  minStars: 1,
  maxStars: 5,
  reviewMaxLength: 1000,
  replyMaxLength: 1000,
  /** The rater may edit their rating this long after giving it; deleting has no limit. */
  editWindowDays: 30,
  /** An event without an end date counts as ended this long after it starts. */
  defaultDurationHours: 3,
  /** Reviews per page. */
  reviewsPage: 20,
  /** Under this many ratings a host is "new": the average is shown with that caveat. */
  newHostBelow: 3,
  /** The reminder to rate goes this long after the event ended (once; never again after it). */
  reminderAfterDays: 2,
  reportDetailsMax: 1000,
} as const;

/**
 * When an event is taken to have ended (ms since the epoch): its end date, or without one (or one
 * not after the start) RatingLimits.defaultDurationHours after its start. Who may rate, the
 * calendar invite's end and the door's closing all go by it (the SQL in ratings-sql.ts and
 * calendar.repository.ts says the same).
 */
export const eventEndMs = (startMs: number, endMs: number | null): number =>
  endMs !== null && endMs > startMs ? endMs : startMs + RatingLimits.defaultDurationHours * 3_600_000;

/** SPEC §8, word for word, and ours for what the spec leaves out. */
export const RatingMessages = {
  submitted: 'Rating submitted successfully!',
  submitFailed: 'Failed to submit rating. Please try again.',
  updated: 'Rating updated successfully!',
  updateFailed: 'Failed to update rating. Please try again.',
  deleted: 'Rating deleted successfully!',
  deleteFailed: 'Failed to delete rating. Please try again.',
  loginRequired: 'Please log in to submit a rating',
  notAttendee: 'Only people who attended this event can rate it.',
  notEnded: 'You can rate this event once it has ended.',
  refunded: 'Your booking for this event was refunded, so it cannot be rated.',
  alreadyRated: 'You have already rated this event.',
  eventNotFound: 'Event not found.',
  ratingNotFound: 'Rating not found.',
  notYourRating: 'You can only change your own rating.',
  editWindowOver: `Ratings can be changed for ${RatingLimits.editWindowDays} days after they are given.`,
  underReview: 'This review has been reported and is being looked at, so it cannot be changed for now. You can still delete it.',
  notYourReview: 'Only the host who was rated can reply to this review.',
  starsRange: `must be a whole number from ${RatingLimits.minStars} to ${RatingLimits.maxStars}`,
  cannotReportOwn: 'You cannot report your own review.',
  reportAlreadyOpen: 'You have already reported this review. Our team is looking into it.',
  reported: 'Thanks for telling us. Our team will review this report.',
  emptyReply: 'Please write a reply.',
} as const;

export const RatingErrorCodes = {
  notAttendee: 'rating_not_attendee',
  notEnded: 'rating_event_not_ended',
  refunded: 'rating_booking_refunded',
  alreadyRated: 'rating_already_given',
  ratingNotFound: 'rating_not_found',
  editWindowOver: 'rating_edit_window_over',
  underReview: 'rating_under_review',
  cannotReportOwn: 'cannot_report_own_review',
  reportAlreadyOpen: 'rating_report_already_open',
} as const;

/** Why a review may be reported, with the label the form shows. */
export const RATING_REPORT_REASONS = {
  spam: 'Spam or fake review',
  harassment: 'Harassment or hate',
  personal_information: 'Shares personal information',
  not_attended: 'This person did not attend',
  other: 'Something else',
} as const;
export type RatingReportReason = keyof typeof RATING_REPORT_REASONS;

// ---- Answers ----

/**
 * `published` while it counts; `withdrawn` by its rater while reported, `removed` by moderation
 * (neither listed nor counted).
 */
export type RatingStatus = 'published' | 'withdrawn' | 'removed';

export interface RatingPersonView {
  id: string;
  /** "Deleted user" for an erased account. */
  name: string;
  avatarUrl: string | null;
}

export interface RatingEventView {
  id: string;
  title: string;
  /** The event's start (ISO). */
  date: string;
}

export interface RatingReplyView {
  text: string;
  repliedAt: string;
  editedAt: string | null;
}

/** SPEC §3 Rating, camelCase. */
export interface RatingView {
  id: string;
  raterId: string;
  ratedInfluencerId: string;
  eventId: string;
  applicationId: string;
  hostRating: number;
  eventRating: number;
  hostReview: string | null;
  eventReview: string | null;
  /** The mean of the two stars (4 and 5 → 4.5). */
  averageRating: number;
  status: RatingStatus;
  createdAt: string;
  updatedAt: string;
  rater: RatingPersonView;
  ratedInfluencer: RatingPersonView;
  event: RatingEventView;
  application: { id: string };
  reply: RatingReplyView | null;
  /** The caller is the rater and may still edit it (within RatingLimits.editWindowDays). */
  canEdit: boolean;
  /** Answers of writes carry the spec's sentence. */
  message?: string;
}

export interface ReviewPageView {
  ratings: RatingView[];
  pagination: Pagination;
}

/** An attended, ended event the caller has not rated yet. */
export interface AwaitingRatingView {
  event: RatingEventView & { hostId: string; hostName: string; image: string | null };
  applicationId: string;
}

export interface MyRatingsView {
  ratings: RatingView[];
  awaiting: AwaitingRatingView[];
}

/** The bands a host's ratings put them in (docs/decisions.md, "Ratings"). */
export type RatingStatsStatus = 'new' | 'excellent' | 'great' | 'good' | 'mixed';

export interface RatingStatsView {
  influencerId: string;
  totalRatings: number;
  /** Mean of the ratings' averageRating, to two decimals; null without ratings. */
  averageRating: number | null;
  averageHostRating: number | null;
  averageEventRating: number | null;
  /** How many of the host's events have at least one rating. */
  eventCount: number;
  status: RatingStatsStatus;
  statusDescription: string;
  /** Ratings per star (each rating's averageRating rounded half up), keys "1" to "5". */
  histogram: Record<'1' | '2' | '3' | '4' | '5', number>;
}

/** The band of a host's ratings, from how many there are and their average. */
export function ratingBand(totalRatings: number, averageRating: number | null): { status: RatingStatsStatus; statusDescription: string } {
  if (totalRatings < RatingLimits.newHostBelow || averageRating === null)
    return { status: 'new', statusDescription: `New host: fewer than ${RatingLimits.newHostBelow} ratings so far` };
  if (averageRating >= 4.5) return { status: 'excellent', statusDescription: 'Loved by attendees' };
  if (averageRating >= 4) return { status: 'great', statusDescription: 'Rated highly by attendees' };
  if (averageRating >= 3) return { status: 'good', statusDescription: 'Mostly positive ratings' };
  return { status: 'mixed', statusDescription: 'Mixed ratings from attendees' };
}

export interface RatingReportView {
  id: string;
  ratingId: string;
  reason: RatingReportReason;
  details: string | null;
  status: 'open';
  createdAt: string;
  message: string;
}

/** A report in the admins' queue (GET /admin/rating-reports), with the review as it is now. */
export interface AdminRatingReportView {
  id: string;
  ratingId: string;
  reason: RatingReportReason;
  details: string | null;
  status: 'open' | 'closed';
  createdAt: string;
  reporter: { id: string; name: string | null };
  rating: {
    hostRating: number;
    eventRating: number;
    hostReview: string | null;
    eventReview: string | null;
    /** Removed by an admin (DELETE /ratings/{id}): no longer shown or counted. */
    removed: boolean;
    rater: { id: string; name: string | null; deleted: boolean };
    ratedInfluencer: { id: string; name: string | null };
    event: { id: string; title: string };
  };
}
