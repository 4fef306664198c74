/**
 * The rating form and the host's reply as the server reads them, checked as the API checks them
 * (with its schemas) before they are sent. Apart from ratings.ts, which every event card and the
 * rating sheet use, so that no page ships zod for them.
 */
import { RatingLimits, RatingMessages, type RatingEditInput } from '../../../api/src/contracts/ratings.contract.js';
import { ratingEditInputSchema, replyInputSchema } from '../../../api/src/contracts/ratings.schemas.js';
import { groupIndian } from './format-event';
import {
  isRatingIntent,
  RATING_FIELD_MESSAGES,
  RATING_INTENTS,
  ratingFieldErrors,
  readStars,
  reviewLength,
  type RatingField,
  type RatingFieldErrors,
  type RatingIntent,
} from './ratings';

/** What the rating form asks of the API. */
export type RatingFormInput =
  | { intent: 'rate'; eventId: string; body: RatingEditInput }
  | { intent: 'update'; ratingId: string; body: RatingEditInput }
  | { intent: 'delete'; ratingId: string };

export type RatingFormRead = { ok: true; value: RatingFormInput } | { ok: false; intent: RatingIntent; fieldErrors: RatingFieldErrors };

/** The words a person typed, checked as the API does (stars first, then each review). */
export function checkRating(fields: {
  hostRating: unknown;
  eventRating: unknown;
  hostReview: string;
  eventReview: string;
}): { ok: true; body: RatingEditInput } | { ok: false; fieldErrors: RatingFieldErrors } {
  const fieldErrors = ratingFieldErrors(fields);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const parsed = ratingEditInputSchema.safeParse({
    hostRating: readStars(fields.hostRating),
    eventRating: readStars(fields.eventRating),
    hostReview: fields.hostReview,
    eventReview: fields.eventReview,
  });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? 'hostRating') as RatingField;
    const message = field === 'hostReview' || field === 'eventReview' ? RATING_FIELD_MESSAGES.review : RATING_FIELD_MESSAGES[field];
    return { ok: false, fieldErrors: { [field]: message } };
  }
  return { ok: true, body: parsed.data };
}

/**
 * The rating form as sent: `intent` rate (eventId), update (ratingId) or delete (ratingId), with
 * the two stars and the two reviews for rate and update. An intent or id that is missing reads
 * as a rate of no event, which the stars' check or the API refuses.
 */
export function readRatingForm(form: FormData): RatingFormRead {
  const text = (name: string) => String(form.get(name) ?? '');
  const sent = form.get('intent');
  const intent: RatingIntent = isRatingIntent(sent) ? sent : RATING_INTENTS.rate;
  if (intent === RATING_INTENTS.delete) return { ok: true, value: { intent, ratingId: text('ratingId') } };
  const checked = checkRating({
    hostRating: form.get('hostRating'),
    eventRating: form.get('eventRating'),
    hostReview: text('hostReview'),
    eventReview: text('eventReview'),
  });
  if (!checked.ok) return { ok: false, intent, fieldErrors: checked.fieldErrors };
  return intent === RATING_INTENTS.update
    ? { ok: true, value: { intent, ratingId: text('ratingId'), body: checked.body } }
    : { ok: true, value: { intent, eventId: text('eventId'), body: checked.body } };
}

/** The host's reply as the API takes it, or the words to show beside the box. */
export function checkReply(text: string): { ok: true; text: string } | { ok: false; error: string } {
  if (reviewLength(text, RatingLimits.replyMaxLength).tooLong) {
    return { ok: false, error: `Please keep your reply under ${groupIndian(RatingLimits.replyMaxLength)} characters.` };
  }
  const parsed = replyInputSchema.safeParse({ text });
  return parsed.success ? { ok: true, text: parsed.data.text } : { ok: false, error: RatingMessages.emptyReply };
}
