/**
 * The ratings' request schemas (zod), apart from their contract (ratings.contract.ts: limits,
 * messages, reasons and views), so that the pages that only show a rating (every event card) do not
 * ship zod.
 */
import { z } from 'zod';
import { stripBidiControls } from './bidi.js';
import { emptyToUndefined } from './event/coercions.js';
import { pageQuery } from './event/pagination.js';
import { RATING_REPORT_REASONS, RatingLimits, RatingMessages } from './ratings.contract.js';
import { reportInputSchema, reportListQuerySchema } from './report-input.js';

const stars = z
  .number({ message: RatingMessages.starsRange })
  .int({ message: RatingMessages.starsRange })
  .min(RatingLimits.minStars, { message: RatingMessages.starsRange })
  .max(RatingLimits.maxStars, { message: RatingMessages.starsRange });

/** Optional words: bidi controls dropped, trimmed, blank is none. */
const review = z
  .string({ message: 'must be text' })
  .overwrite(stripBidiControls)
  .trim()
  .max(RatingLimits.reviewMaxLength, { message: `must be at most ${RatingLimits.reviewMaxLength} characters` })
  .nullable()
  .optional()
  .transform((text) => (text ? text : null));

/** POST /ratings. The host rated is the event's; the application is the rater's accepted one. */
export const ratingInputSchema = z.object({
  eventId: z.uuid({ message: 'must be a valid id' }),
  hostRating: stars,
  eventRating: stars,
  hostReview: review,
  eventReview: review,
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** PUT /ratings/{id}: the stars and words; the event never changes. */
export const ratingEditInputSchema = ratingInputSchema.omit({ eventId: true });
export type RatingEditInput = z.infer<typeof ratingEditInputSchema>;

export const replyInputSchema = z.object({
  text: z
    .string({ message: RatingMessages.emptyReply })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { message: RatingMessages.emptyReply })
    .max(RatingLimits.replyMaxLength, { message: `must be at most ${RatingLimits.replyMaxLength} characters` }),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

/** GET /ratings/influencer/{id}?page&limit&eventId (one event's reviews for /reviews/{eventId}). */
export const reviewsQuerySchema = z.object({
  ...pageQuery(RatingLimits.reviewsPage),
  eventId: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a valid id' }).optional()),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

/** POST /ratings/{id}/report. */
export const ratingReportInputSchema = reportInputSchema(RATING_REPORT_REASONS, RatingLimits.reportDetailsMax);
export type RatingReportInput = z.infer<typeof ratingReportInputSchema>;

export const ratingReportListQuerySchema = reportListQuerySchema;
export type RatingReportListQuery = z.infer<typeof ratingReportListQuerySchema>;
