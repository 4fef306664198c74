import { RatingLimits } from '../../contracts/ratings.contract.js';
import { cameSql } from '../tickets/came-sql.js';

/**
 * SQL the ratings' repositories share. Raters, hosts and events are read for display and for the
 * rating rule (their modules own every write of them); applications and refunds are read where a
 * list must say who may still rate (the awaiting list, the prompt job), which no port could answer
 * without handing over every attendance; so are check-ins (the tickets module's check_in table).
 */

/**
 * The rating `r` is shown on its host's page and counts in their average: published, by someone not
 * suspended (a suspended person's reviews are hidden while it lasts, as their posts are; their stars
 * stop counting too, and count again when they are restored).
 */
export const countedRating = (r: string) => `${r}.status = 'published'
  AND NOT EXISTS (SELECT 1 FROM users suspended_rater WHERE suspended_rater.id = ${r}.rater_id AND suspended_rater.suspended_at IS NOT NULL)`;

/** The event `e` has ended: its end, or its start plus the default length when it has none. */
export const eventEnded = (e: string) =>
  `coalesce(${e}.end_date, ${e}.date + make_interval(hours => ${RatingLimits.defaultDurationHours})) < now()`;

/**
 * The accepted application `a` lets its fan rate its event `e`: the event ended and was neither
 * cancelled nor deleted, its host's account is not being deleted, nothing of its payment was refunded
 * or is being refunded (a failed refund returned nothing), and, once the event used check-in at the door, its fan was checked in. POST /ratings
 * asks the same through the RatableAttendances port, one person at a time.
 */
export const ratableAttendance = (a: string, e: string) => `${a}.status = 'accepted'
  AND ${e}.deleted_at IS NULL AND ${e}.status <> 'cancelled' AND ${eventEnded(e)} AND ${e}.host_id <> ${a}.fan_id
  AND EXISTS (SELECT 1 FROM users event_host WHERE event_host.id = ${e}.host_id AND event_host.deleted_at IS NULL)
  AND NOT EXISTS (
    SELECT 1 FROM payment_refund refund WHERE refund.transaction_id = ${a}.transaction_id AND refund.status <> 'failed')
  AND ${cameSql(a, e)}`;

/**
 * The rating `r` still counts as its rater's one rating of its event: any but a withdrawn one whose
 * reports are all closed (its rater asked for it to go, and moderation has nothing left to decide).
 */
const holdsRating = (r: string) => `(${r}.status <> 'withdrawn'
  OR EXISTS (SELECT 1 FROM rating_report still_open WHERE still_open.rating_id = ${r}.id AND still_open.status = 'open'))`;

/** The person `fan` has a rating of the event `event` that stops them rating it again. */
export const hasRated = (fan: string, event: string) =>
  `EXISTS (SELECT 1 FROM rating rated WHERE rated.rater_id = ${fan} AND rated.event_id = ${event} AND ${holdsRating('rated')})`;

/** A rating `r` with what its view shows of its rater, host and event (RatingRow). */
export const RATING_SELECT = `SELECT r.id, r.rater_id AS "raterId", r.rated_influencer_id AS "ratedInfluencerId",
    r.event_id AS "eventId", r.application_id AS "applicationId", r.host_rating AS "hostRating", r.event_rating AS "eventRating",
    r.host_review AS "hostReview", r.event_review AS "eventReview", r.average_rating::float8 AS "averageRating", r.status,
    r.created_at AS "createdAt", r.updated_at AS "updatedAt",
    r.reply_text AS "replyText", r.replied_at AS "repliedAt", r.reply_edited_at AS "replyEditedAt",
    rater.name AS "raterName", rater.avatar_url AS "raterAvatarUrl", rater.deleted_at IS NOT NULL AS "raterDeleted",
    host.name AS "hostName", host.avatar_url AS "hostAvatarUrl", host.deleted_at IS NOT NULL AS "hostDeleted",
    e.title AS "eventTitle", e.date AS "eventDate"
  FROM rating r
  JOIN users rater ON rater.id = r.rater_id
  JOIN users host ON host.id = r.rated_influencer_id
  JOIN event e ON e.id = r.event_id`;
