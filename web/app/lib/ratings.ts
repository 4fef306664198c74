/**
 * Rules of the ratings screens (issue 23): the stars' words, the histogram's bars, the /home card
 * that asks "How was …?", when an event has ended and a rating may still be changed, what the
 * rating form sent and what to say about it, and the reviews pages' addresses. Plain functions,
 * shared by server and browser, unit tested (ratings.spec.ts).
 */
import {
  eventEndMs,
  RatingLimits,
  RatingMessages,
  type AwaitingRatingView,
  type MyRatingsView,
  type RatingStatsView,
  type RatingView,
} from '../../../api/src/contracts/ratings.contract.js';
import { formatDay, formatRating, groupIndian, isDateToBeDecided } from './format-event';
import { textLength, type TextLength } from './text-length';

// ---- Stars ----

export const STAR_VALUES = [1, 2, 3, 4, 5] as const;
export type Stars = (typeof STAR_VALUES)[number];

/** What each number of stars means, shown beside the picker once one is chosen. */
export const STAR_WORDS: Readonly<Record<Stars, string>> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};

/** 1 to 5 as a whole number, else null (what a radio group or ?stars= sent). */
export function readStars(value: unknown): Stars | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d$/.test(value.trim()) ? Number(value) : NaN;
  return (STAR_VALUES as readonly number[]).includes(number) ? (number as Stars) : null;
}

/** "1 star", "4 stars": each radio's name. */
export const starCountLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** "Very good" for 4; "" for anything that is not 1 to 5. */
export function starWord(stars: number | null | undefined): string {
  const value = readStars(stars);
  return value ? STAR_WORDS[value] : '';
}

/** A row of stars as an image's text: "4.5 out of 5 stars". */
export function starsAlt(value: number): string {
  return `${formatRating(value) ?? '0'} out of 5 stars`;
}

export type StarFill = 'full' | 'half' | 'empty';

/** How a row of five stars draws `value`, to the nearest half: 3.7 → ★★★⯪☆ (3.5 and above reads as 3.5). */
export function starFills(value: number): StarFill[] {
  const halves = Number.isFinite(value) ? Math.round(Math.min(Math.max(value, 0), 5) * 2) : 0;
  return STAR_VALUES.map((star) => (halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'empty'));
}

/** "1 rating", "1,204 ratings". */
export const ratingCountText = (count: number) => `${groupIndian(count)} ${count === 1 ? 'rating' : 'ratings'}`;

/**
 * The link a host's rating makes on cards and profiles: "4.7" with "(12)" when the count is known,
 * and its accessible name ("Rated 4.7 out of 5 from 12 ratings. See reviews"). Null without a rating:
 * the card says "New host" instead.
 */
export function hostRatingLink(rating: number | string | null | undefined, count?: number | null) {
  const average = formatRating(rating);
  if (!average) return null;
  const known = typeof count === 'number' && count > 0;
  return {
    average,
    count: known ? `(${groupIndian(count)})` : null,
    label: `Rated ${average} out of 5${known ? ` from ${ratingCountText(count)}` : ''}. See reviews`,
  };
}

// ---- Stats ----

export interface HistogramRow {
  stars: Stars;
  count: number;
  /** Whole per cent of all ratings, for the bar's width. */
  percent: number;
  /** "5 stars: 8 ratings, 67%": what a screen reader hears for the bar. */
  label: string;
}

/**
 * The histogram's bars, 5 stars first. Each bar is its share of all ratings, rounded to a whole
 * per cent (so a lone rating is 100%, none is 0%); counts the stats did not send are 0.
 */
export function histogramRows(histogram: Partial<RatingStatsView['histogram']>, total?: number): HistogramRow[] {
  const counts = STAR_VALUES.map((stars) => Math.max(0, Math.floor(histogram[String(stars) as keyof RatingStatsView['histogram']] ?? 0)));
  const sum = total && total > 0 ? total : counts.reduce((all, count) => all + count, 0);
  return [...STAR_VALUES].reverse().map((stars) => {
    const count = counts[stars - 1]!;
    const percent = sum > 0 ? Math.round((count / sum) * 100) : 0;
    return { stars, count, percent, label: `${starCountLabel(stars)}: ${ratingCountText(count)}, ${percent}%` };
  });
}

// ---- The prompt on /home ----

/** How many "How was …?" cards /home shows; the rest wait in My Bookings. */
export const HOME_PROMPTS_SHOWN = 3;

export interface AwaitingCardText {
  title: string;
  detail: string;
  /** Each inline star's name: "Rate Rooftop supper 4 stars". */
  starLabel: (stars: number) => string;
}

/** The card's words: "How was Rooftop supper?", "Hosted by Meera Joshi · Sat, 27 Dec 2025". */
export function awaitingCardText(awaiting: Pick<AwaitingRatingView, 'event'>): AwaitingCardText {
  const title = awaiting.event.title.trim() || 'your event';
  const host = awaiting.event.hostName.trim() || 'the host';
  const day = formatDay(awaiting.event.date);
  return {
    title: `How was ${title}?`,
    detail: day ? `Hosted by ${host} · ${day}` : `Hosted by ${host}`,
    starLabel: (stars) => `Rate ${title} ${starCountLabel(stars)}`,
  };
}

/** The events still to rate, the most recent first (the one best remembered). */
export function awaitingByRecency(awaiting: readonly AwaitingRatingView[]): AwaitingRatingView[] {
  return [...awaiting].sort((a, b) => (Date.parse(b.event.date) || 0) - (Date.parse(a.event.date) || 0));
}

// ---- When ----

const DAY_MS = 86_400_000;

/**
 * True once the event is over (the API's rule for who may rate): its end, or without one
 * RatingLimits.defaultDurationHours after its start. A date still to be decided never ends.
 */
export function hasEventEnded(event: { date: string; end_date?: string | null; is_date_to_be_decided?: boolean }, now = Date.now()) {
  if (isDateToBeDecided(event)) return false;
  const end = eventEndMs(Date.parse(event.date), event.end_date ? Date.parse(event.end_date) : null);
  return Number.isFinite(end) && end <= now;
}

/** The moment a rating given at `createdAt` can no longer be changed (deleting has no limit). */
export function editWindowEnd(createdAt: string): number {
  return Date.parse(createdAt) + RatingLimits.editWindowDays * DAY_MS;
}

/**
 * Whether the rater may still change their rating: the API said so (`canEdit`) when the page was
 * read, and the window has not closed since (a page left open over the deadline).
 */
export function canStillEdit(rating: Pick<RatingView, 'canEdit' | 'createdAt'>, now = Date.now()): boolean {
  return rating.canEdit && now < editWindowEnd(rating.createdAt);
}

/** "You can change it until Sat, 27 Dec 2025.", or the API's refusal once the window has closed. */
export function editWindowText(rating: Pick<RatingView, 'canEdit' | 'createdAt'>, now = Date.now()): string {
  if (!canStillEdit(rating, now)) return RatingMessages.editWindowOver;
  return `You can change it until ${formatDay(new Date(editWindowEnd(rating.createdAt)).toISOString())}.`;
}

// ---- The form ----

/** The rating being changed, as the rating sheet needs it. */
export type OwnRating = Pick<RatingView, 'id' | 'hostRating' | 'eventRating' | 'hostReview' | 'eventReview' | 'canEdit' | 'createdAt'>;

/** What the rating sheet rates: an event (and its host), with my rating of it when I gave one. */
export interface RatingSubject {
  eventId: string;
  eventTitle: string;
  hostName: string;
  rating: OwnRating | null;
}

export const subjectOfAwaiting = (awaiting: AwaitingRatingView): RatingSubject => ({
  eventId: awaiting.event.id,
  eventTitle: awaiting.event.title,
  hostName: awaiting.event.hostName,
  rating: null,
});

export const subjectOfRating = (rating: RatingView): RatingSubject => ({
  eventId: rating.eventId,
  eventTitle: rating.event.title,
  hostName: rating.ratedInfluencer.name,
  rating: {
    id: rating.id,
    hostRating: rating.hostRating,
    eventRating: rating.eventRating,
    hostReview: rating.hostReview,
    eventReview: rating.eventReview,
    canEdit: rating.canEdit,
    createdAt: rating.createdAt,
  },
});

/** Where I stand with an event, and the booking (application) it is about. */
export type MyEventRating =
  | { kind: 'awaiting'; subject: RatingSubject; applicationId: string }
  | { kind: 'rated'; subject: RatingSubject; rating: RatingView; applicationId: string };

/**
 * Where I stand with an event: still to rate it, rated it (my rating), or neither (I may not rate
 * it: not an attendee, not over yet, refunded). What the event page and /my-bookings offer.
 */
export function myRatingOf(mine: MyRatingsView | null, eventId: string): MyEventRating | null {
  if (!mine) return null;
  const rated = mine.ratings.find((rating) => rating.eventId === eventId);
  if (rated) return { kind: 'rated', subject: subjectOfRating(rated), rating: rated, applicationId: rated.applicationId };
  const awaiting = mine.awaiting.find((item) => item.event.id === eventId);
  return awaiting ? { kind: 'awaiting', subject: subjectOfAwaiting(awaiting), applicationId: awaiting.applicationId } : null;
}

export const RATING_RESOURCE = '/resources/ratings';

export const RATING_INTENTS = { rate: 'rate', update: 'update', delete: 'delete' } as const;
export type RatingIntent = (typeof RATING_INTENTS)[keyof typeof RATING_INTENTS];

export const isRatingIntent = (value: unknown): value is RatingIntent => Object.values(RATING_INTENTS).includes(value as RatingIntent);

/** A review's (or reply's) length as the API counts it (see text-length.ts). */
export function reviewLength(text: string, max: number = RatingLimits.reviewMaxLength): TextLength {
  return textLength(text, max);
}

export type RatingField = 'hostRating' | 'eventRating' | 'hostReview' | 'eventReview';
export type RatingFieldErrors = Partial<Record<RatingField, string>>;

export const RATING_FIELD_MESSAGES = {
  hostRating: 'Please choose 1 to 5 stars for the host.',
  eventRating: 'Please choose 1 to 5 stars for the event.',
  review: `Please keep your review under ${groupIndian(RatingLimits.reviewMaxLength)} characters.`,
} as const;

/** What keeps the rating form from being sent (stars first, then each review's length); empty when nothing does. */
export function ratingFieldErrors(fields: {
  hostRating: unknown;
  eventRating: unknown;
  hostReview: string;
  eventReview: string;
}): RatingFieldErrors {
  const fieldErrors: RatingFieldErrors = {};
  if (!readStars(fields.hostRating)) fieldErrors.hostRating = RATING_FIELD_MESSAGES.hostRating;
  if (!readStars(fields.eventRating)) fieldErrors.eventRating = RATING_FIELD_MESSAGES.eventRating;
  if (reviewLength(fields.hostReview).tooLong) fieldErrors.hostReview = RATING_FIELD_MESSAGES.review;
  if (reviewLength(fields.eventReview).tooLong) fieldErrors.eventReview = RATING_FIELD_MESSAGES.review;
  return fieldErrors;
}

/** The spec's sentence for a rating that went through. */
export function ratingSuccess(intent: RatingIntent): string {
  if (intent === RATING_INTENTS.update) return RatingMessages.updated;
  if (intent === RATING_INTENTS.delete) return RatingMessages.deleted;
  return RatingMessages.submitted;
}

/**
 * What a failed rating says: a guest is asked to log in; a refusal with a reason (already rated,
 * not an attendee, the window closed…) gives the API's reason; anything else (a server error, the
 * API away, the network) the spec's "Failed to … Please try again.".
 */
export function ratingFailure(intent: RatingIntent, status: number, apiMessage?: string | null): string {
  if (status === 401) return RatingMessages.loginRequired;
  if (status >= 400 && status < 500 && status !== 429 && apiMessage) return apiMessage;
  if (intent === RATING_INTENTS.update) return RatingMessages.updateFailed;
  if (intent === RATING_INTENTS.delete) return RatingMessages.deleteFailed;
  return RatingMessages.submitFailed;
}

// ---- Addresses ----

/**
 * A host's reviews (/profile-preview/{id}/reviews), one event's (/reviews/{eventId}), at `page`,
 * with the back button's `from`.
 */
export function reviewsPath(hostId: string, options: { eventId?: string | null; page?: number; from?: string | null } = {}): string {
  const path = `/profile-preview/${encodeURIComponent(hostId)}/reviews${options.eventId ? `/${encodeURIComponent(options.eventId)}` : ''}`;
  const query = new URLSearchParams();
  if (options.page && options.page > 1) query.set('page', String(options.page));
  if (options.from) query.set('from', options.from);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The page that reports one review to the moderators, coming back to `from`. */
export function reviewReportPath(hostId: string, ratingId: string, from?: string | null): string {
  const path = `/profile-preview/${encodeURIComponent(hostId)}/reviews/report/${encodeURIComponent(ratingId)}`;
  return from ? `${path}?from=${encodeURIComponent(from)}` : path;
}

/** The page at `pathname` + `search` with the rating form open for an event (?rate=), prefilled with `stars` when given. */
export function rateHref(pathname: string, search: string, eventId: string, stars?: number | null): string {
  const query = new URLSearchParams(search);
  query.set('rate', eventId);
  if (stars) query.set('stars', String(stars));
  else query.delete('stars');
  query.delete('confirm');
  return `${pathname}?${query.toString()}`;
}

/** The same page with the rating form (and its delete question) closed. */
export function closedRateHref(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  for (const name of ['rate', 'stars', 'confirm']) query.delete(name);
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
