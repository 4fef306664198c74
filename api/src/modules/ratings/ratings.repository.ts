import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '../../platform/database/prepared-statement.js';
import { queryRows } from '../../platform/database/returning.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { countedRating, eventEnded, hasRated, RATING_SELECT } from './ratings-sql.js';
import { type RatingAggregate, type RatingRow } from './ratings.views.js';

/** What the rater gives: the stars and the words. */
export interface RatingStars {
  hostRating: number;
  eventRating: number;
  hostReview: string | null;
  eventReview: string | null;
}

export interface NewRating extends RatingStars {
  raterId: string;
  hostId: string;
  eventId: string;
  applicationId: string;
}

/** A published rating as writes need it. */
export interface LiveRating {
  id: string;
  raterId: string;
  ratedInfluencerId: string;
  eventId: string;
  eventTitle: string;
  createdAt: Date;
  raterDeleted: boolean;
}

/** The event a rating would be about; none when it was deleted or its host is deleting their account. */
export interface EventToRate {
  id: string;
  hostId: string;
  cancelled: boolean;
  ended: boolean;
}

/** The most ratings GET /ratings/user lists. */
const OWN_LIST_LIMIT = 500;

const PUBLISHED_OF_HOST = `r.rated_influencer_id = $1 AND ${countedRating('r')}`;
const NEWEST_FIRST = 'ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3';

const HOST_PAGE = preparedStatement('ratings.host-page', `${RATING_SELECT} WHERE ${PUBLISHED_OF_HOST} ${NEWEST_FIRST}`);
const HOST_EVENT_PAGE = preparedStatement(
  'ratings.host-event-page',
  `${RATING_SELECT} WHERE ${PUBLISHED_OF_HOST} AND r.event_id = $4 ${NEWEST_FIRST}`,
);
const HOST_COUNT = preparedStatement('ratings.host-count', `SELECT count(*)::int AS total FROM rating r WHERE ${PUBLISHED_OF_HOST}`);
const HOST_EVENT_COUNT = preparedStatement(
  'ratings.host-event-count',
  `SELECT count(*)::int AS total FROM rating r WHERE ${PUBLISHED_OF_HOST} AND r.event_id = $2`,
);

/** Every figure of the stats in one pass over the host's ratings, so they agree with one another. */
const HOST_STATS = preparedStatement(
  'ratings.host-stats',
  `SELECT count(*)::int AS "totalRatings",
          round(avg(r.average_rating), 2)::float8 AS "averageRating",
          round(avg(r.host_rating), 2)::float8 AS "averageHostRating",
          round(avg(r.event_rating), 2)::float8 AS "averageEventRating",
          count(DISTINCT r.event_id)::int AS "eventCount",
          ARRAY[${[1, 2, 3, 4, 5].map((star) => `count(*) FILTER (WHERE round(r.average_rating) = ${star})::int`).join(', ')}] AS stars
     FROM rating r WHERE ${PUBLISHED_OF_HOST}`,
);

/** The constraint that keeps one rating per rater, event and host. */
const ONE_PER_EVENT = 'rating_one_per_event_idx';

/** The rating table: every statement on it. */
@Injectable()
export class RatingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async eventToRate(eventId: string): Promise<EventToRate | undefined> {
    const rows = await this.dataSource.query<EventToRate[]>(
      `SELECT e.id, e.host_id AS "hostId", e.status = 'cancelled' AS cancelled, ${eventEnded('e')} AS ended
         FROM event e JOIN users host ON host.id = e.host_id AND host.deleted_at IS NULL
        WHERE e.id = $1 AND e.deleted_at IS NULL`,
      [eventId],
    );
    return rows[0];
  }

  /**
   * The new rating's id, or null when the rater already rated the event (hasRated: withdrawn ones
   * still reported count; two at once: one wins, by the unique index, which lets withdrawn ones be).
   */
  async insert(tx: EntityManager, rating: NewRating): Promise<string | null> {
    try {
      const rows = await tx.query<Array<{ id: string }>>(
        `INSERT INTO rating (rater_id, rated_influencer_id, event_id, application_id, host_rating, event_rating, host_review, event_review)
         SELECT $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::smallint, $6::smallint, $7::text, $8::text
          WHERE NOT ${hasRated('$1::uuid', '$3::uuid')}
         RETURNING id`,
        [
          rating.raterId,
          rating.hostId,
          rating.eventId,
          rating.applicationId,
          rating.hostRating,
          rating.eventRating,
          rating.hostReview,
          rating.eventReview,
        ],
      );
      return rows[0]?.id ?? null;
    } catch (error) {
      if (uniqueViolation(error) === ONE_PER_EVENT) return null;
      throw error;
    }
  }

  async findLive(id: string): Promise<LiveRating | undefined> {
    const rows = await this.dataSource.query<LiveRating[]>(
      `SELECT r.id, r.rater_id AS "raterId", r.rated_influencer_id AS "ratedInfluencerId", r.event_id AS "eventId",
              e.title AS "eventTitle", r.created_at AS "createdAt", rater.deleted_at IS NOT NULL AS "raterDeleted"
         FROM rating r JOIN event e ON e.id = r.event_id JOIN users rater ON rater.id = r.rater_id
        WHERE r.id = $1 AND r.status = 'published'`,
      [id],
    );
    return rows[0];
  }

  async view(id: string): Promise<RatingRow | undefined> {
    const rows = await this.dataSource.query<RatingRow[]>(`${RATING_SELECT} WHERE r.id = $1 AND r.status = 'published'`, [id]);
    return rows[0];
  }

  /**
   * The new stars and words; 'gone' when the rating is no longer published (deleted or removed
   * meanwhile), 'reported' when it has open reports (a report written meanwhile is of the new words).
   */
  async update(tx: EntityManager, id: string, stars: RatingStars): Promise<'updated' | 'gone' | 'reported'> {
    if (!(await this.lockPublished(tx, id))) return 'gone';
    if (await this.hasOpenReports(tx, id)) return 'reported';
    await tx.query(
      `UPDATE rating SET host_rating = $2, event_rating = $3, host_review = $4, event_review = $5, updated_at = now() WHERE id = $1`,
      [id, stars.hostRating, stars.eventRating, stars.hostReview, stars.eventReview],
    );
    return 'updated';
  }

  /**
   * Locks the published rating for a change by its rater: a report being written (which shares the
   * lock) waits for it, or it for the report, whose row the next statement's fresh snapshot then sees.
   */
  private async lockPublished(tx: EntityManager, id: string): Promise<boolean> {
    const locked: unknown[] = await tx.query(`SELECT 1 FROM rating WHERE id = $1 AND status = 'published' FOR UPDATE`, [id]);
    return locked.length > 0;
  }

  private async hasOpenReports(tx: EntityManager, id: string): Promise<boolean> {
    const [{ reported }] = await tx.query<Array<{ reported: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM rating_report WHERE rating_id = $1 AND status = 'open') AS reported`,
      [id],
    );
    return reported;
  }

  /**
   * The rater takes their rating back: the row goes, unless it has open reports — then it is
   * withdrawn, hidden and uncounted as if gone, and stays for the queue (and for the one-per-event index).
   */
  async delete(tx: EntityManager, id: string): Promise<boolean> {
    // Locked first: a report being written is never taken away by the cascade unseen.
    if (!(await this.lockPublished(tx, id))) return false;
    if (await this.hasOpenReports(tx, id)) await tx.query(`UPDATE rating SET status = 'withdrawn', updated_at = now() WHERE id = $1`, [id]);
    else await tx.query('DELETE FROM rating WHERE id = $1', [id]);
    return true;
  }

  /** Moderation: the rating stays for the report queue, and stops being shown or counted. What it was, or null when already removed. */
  async markRemoved(tx: EntityManager, id: string): Promise<'published' | 'withdrawn' | null> {
    const rows = await queryRows<{ was: 'published' | 'withdrawn' }>(
      tx,
      `WITH before AS (SELECT status FROM rating WHERE id = $1 AND status IN ('published', 'withdrawn') FOR UPDATE)
       UPDATE rating SET status = 'removed', updated_at = now() FROM before WHERE rating.id = $1 RETURNING before.status AS was`,
      [id],
    );
    return rows[0]?.was ?? null;
  }

  /** The mean of the host's published ratings' averages, as numeric text with two decimals; null without any. */
  async hostSummary(tx: EntityManager, hostId: string): Promise<{ rating: string | null; count: number }> {
    const rows = await tx.query<Array<{ rating: string | null; count: number }>>(
      `SELECT round(avg(r.average_rating), 2)::text AS rating, count(*)::int AS count
         FROM rating r WHERE r.rated_influencer_id = $1 AND ${countedRating('r')}`,
      [hostId],
    );
    return rows[0]!;
  }

  /** The hosts the person has published ratings of (whose averages their suspension or restore moves). */
  async hostsRatedBy(tx: EntityManager, raterId: string): Promise<string[]> {
    const rows = await tx.query<Array<{ hostId: string }>>(
      `SELECT DISTINCT rated_influencer_id AS "hostId" FROM rating WHERE rater_id = $1 AND status = 'published'`,
      [raterId],
    );
    return rows.map((row) => row.hostId);
  }

  /** Hosts whose stored rating or count is not what their counted ratings say now (a recount lost or not yet run). */
  async hostsWithStaleRating(limit: number): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ hostId: string }>>(
      `SELECT h.id AS "hostId" FROM users h
        CROSS JOIN LATERAL (
          SELECT round(avg(r.average_rating), 2) AS rating, count(*)::int AS count
            FROM rating r WHERE r.rated_influencer_id = h.id AND ${countedRating('r')}) counted
        WHERE EXISTS (SELECT 1 FROM rating any_rating WHERE any_rating.rated_influencer_id = h.id)
          AND (h.rating, h.rating_count) IS DISTINCT FROM (counted.rating, counted.count)
        LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.hostId);
  }

  /** Sets or edits the host's reply; `first` when there was none. Null when the rating is not published. */
  async setReply(tx: EntityManager, id: string, text: string): Promise<{ first: boolean } | null> {
    const rows = await queryRows<{ first: boolean }>(
      tx,
      `UPDATE rating
          SET reply_text = $2, replied_at = coalesce(replied_at, now()),
              reply_edited_at = CASE WHEN replied_at IS NULL THEN NULL ELSE now() END
        WHERE id = $1 AND status = 'published'
        RETURNING reply_edited_at IS NULL AS first`,
      [id, text],
    );
    return rows[0] ?? null;
  }

  async clearReply(id: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource,
      `UPDATE rating SET reply_text = NULL, replied_at = NULL, reply_edited_at = NULL WHERE id = $1 AND status = 'published' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** The rater's published ratings, newest first. */
  ofRater(raterId: string): Promise<RatingRow[]> {
    return this.dataSource.query<RatingRow[]>(
      `${RATING_SELECT} WHERE r.rater_id = $1 AND r.status = 'published' ORDER BY r.created_at DESC, r.id LIMIT $2`,
      [raterId, OWN_LIST_LIMIT],
    );
  }

  /** A page of the host's published ratings (of one event, when given), newest first, and how many there are. */
  async hostPage(hostId: string, eventId: string | null, limit: number, offset: number): Promise<{ rows: RatingRow[]; total: number }> {
    const [rows, counted] = await Promise.all([
      eventId
        ? queryPrepared<RatingRow>(this.dataSource, HOST_EVENT_PAGE, [hostId, limit, offset, eventId])
        : queryPrepared<RatingRow>(this.dataSource, HOST_PAGE, [hostId, limit, offset]),
      eventId
        ? queryPrepared<{ total: number }>(this.dataSource, HOST_EVENT_COUNT, [hostId, eventId])
        : queryPrepared<{ total: number }>(this.dataSource, HOST_COUNT, [hostId]),
    ]);
    return { rows, total: counted[0]!.total };
  }

  async hostAggregate(hostId: string): Promise<RatingAggregate> {
    const [row] = await queryPrepared<RatingAggregate>(this.dataSource, HOST_STATS, [hostId]);
    return row!;
  }

  /** An erased rater's words go; their stars keep counting. */
  async clearReviewsWrittenBy(tx: EntityManager, raterId: string): Promise<number> {
    const rows = await queryRows(
      tx,
      `UPDATE rating SET host_review = NULL, event_review = NULL
        WHERE rater_id = $1 AND (host_review IS NOT NULL OR event_review IS NOT NULL) RETURNING id`,
      [raterId],
    );
    return rows.length;
  }

  /** An erased host's replies are their words too. */
  async clearRepliesWrittenBy(tx: EntityManager, hostId: string): Promise<number> {
    const rows = await queryRows(
      tx,
      `UPDATE rating SET reply_text = NULL, replied_at = NULL, reply_edited_at = NULL
        WHERE rated_influencer_id = $1 AND reply_text IS NOT NULL RETURNING id`,
      [hostId],
    );
    return rows.length;
  }
}
