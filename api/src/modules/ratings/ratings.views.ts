import {
  RatingLimits,
  ratingBand,
  type AwaitingRatingView,
  type RatingPersonView,
  type RatingStatsView,
  type RatingStatus,
  type RatingView,
} from '../../contracts/ratings.contract.js';

/** A rating as RATING_SELECT (ratings-sql.ts) reads it. */
export interface RatingRow {
  id: string;
  raterId: string;
  ratedInfluencerId: string;
  eventId: string;
  applicationId: string;
  hostRating: number;
  eventRating: number;
  hostReview: string | null;
  eventReview: string | null;
  averageRating: number;
  status: RatingStatus;
  createdAt: Date;
  updatedAt: Date;
  replyText: string | null;
  repliedAt: Date | null;
  replyEditedAt: Date | null;
  raterName: string | null;
  raterAvatarUrl: string | null;
  /** The rater asked to delete their account (erased or about to be). */
  raterDeleted: boolean;
  hostName: string | null;
  hostAvatarUrl: string | null;
  hostDeleted: boolean;
  eventTitle: string;
  eventDate: Date;
}

/** The one query's totals over a host's published ratings. */
export interface RatingAggregate {
  totalRatings: number;
  averageRating: number | null;
  averageHostRating: number | null;
  averageEventRating: number | null;
  eventCount: number;
  /** Ratings whose average rounds half up to 1 … 5. */
  stars: [number, number, number, number, number];
}

export interface AwaitingRow {
  eventId: string;
  title: string;
  date: Date;
  hostId: string;
  hostName: string | null;
  image: string | null;
  applicationId: string;
}

export const DELETED_USER = 'Deleted user';
/** What a person without a name is called. */
const UNNAMED = 'User';
const DAY_MS = 86_400_000;

function person(id: string, name: string | null, avatarUrl: string | null, deleted: boolean): RatingPersonView {
  if (deleted) return { id, name: DELETED_USER, avatarUrl: null };
  return { id, name: name?.trim() || UNNAMED, avatarUrl };
}

/** The rater may still change a rating given at `createdAt` (deleting has no window). */
export const withinEditWindow = (createdAt: Date, now: Date): boolean =>
  now.getTime() - createdAt.getTime() < RatingLimits.editWindowDays * DAY_MS;

/**
 * `viewerId` is null for a guest. The words of a rater who deleted their account are not shown
 * (erasure then clears them); their stars still count.
 */
export function ratingView(row: RatingRow, viewerId: string | null, now = new Date()): RatingView {
  const wordsShown = !row.raterDeleted;
  return {
    id: row.id,
    raterId: row.raterId,
    ratedInfluencerId: row.ratedInfluencerId,
    eventId: row.eventId,
    applicationId: row.applicationId,
    hostRating: row.hostRating,
    eventRating: row.eventRating,
    hostReview: wordsShown ? row.hostReview : null,
    eventReview: wordsShown ? row.eventReview : null,
    averageRating: row.averageRating,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    rater: person(row.raterId, row.raterName, row.raterAvatarUrl, row.raterDeleted),
    ratedInfluencer: person(row.ratedInfluencerId, row.hostName, row.hostAvatarUrl, row.hostDeleted),
    event: { id: row.eventId, title: row.eventTitle, date: row.eventDate.toISOString() },
    application: { id: row.applicationId },
    reply:
      row.replyText !== null && row.repliedAt !== null
        ? { text: row.replyText, repliedAt: row.repliedAt.toISOString(), editedAt: row.replyEditedAt?.toISOString() ?? null }
        : null,
    canEdit: viewerId === row.raterId && !row.raterDeleted && withinEditWindow(row.createdAt, now),
  };
}

export function statsView(influencerId: string, aggregate: RatingAggregate): RatingStatsView {
  const [one, two, three, four, five] = aggregate.stars;
  return {
    influencerId,
    totalRatings: aggregate.totalRatings,
    averageRating: aggregate.averageRating,
    averageHostRating: aggregate.averageHostRating,
    averageEventRating: aggregate.averageEventRating,
    eventCount: aggregate.eventCount,
    ...ratingBand(aggregate.totalRatings, aggregate.averageRating),
    histogram: { '1': one, '2': two, '3': three, '4': four, '5': five },
  };
}

export const awaitingView = (row: AwaitingRow): AwaitingRatingView => ({
  event: {
    id: row.eventId,
    title: row.title,
    date: row.date.toISOString(),
    hostId: row.hostId,
    hostName: row.hostName?.trim() || UNNAMED,
    image: row.image,
  },
  applicationId: row.applicationId,
});
