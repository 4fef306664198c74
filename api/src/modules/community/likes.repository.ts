import { Injectable } from '@nestjs/common';
import { type DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';
import { likedBy, liveComment, livePost, type Likeable } from './community-sql.js';

/** What setting a like did: the like as it now stands, the count after it, and whether a row really came or went. */
export interface LikeOutcome {
  liked: boolean;
  likeCount: number;
  changed: boolean;
  /** Who wrote the thing liked. */
  authorId: string;
}

/**
 * One like table: a row per (thing, person), and the liked thing's count, which moves with the rows.
 * Setting a like is one statement: it reads the thing (readable, or nothing happens), adds or deletes
 * the row, and moves the count only when a row really came or went; the thing's row lock orders
 * concurrent likers, so the count stays exact.
 */
export abstract class LikeRows {
  protected abstract readonly thing: Likeable;
  /** The thing `alias` can be read (and so liked). */
  protected abstract live(alias: string): string;

  /** community_post_like or community_comment_like. */
  protected get table(): string {
    return `community_${this.thing}_like`;
  }

  /** The like table's column naming the thing. */
  protected get target(): string {
    return `${this.thing}_id`;
  }

  /** `liked` sets the like; undefined toggles it. Null when the thing is not readable (nothing changed). */
  async set(runner: DataSource | EntityManager, targetId: string, userId: string, liked: boolean | undefined): Promise<LikeOutcome | null> {
    const rows = await queryRows<LikeOutcome>(
      runner,
      `WITH wanted AS (
         SELECT t.id, t.author_id, t.like_count,
                COALESCE($3::boolean, NOT ${likedBy(this.thing, 't', '$2')}) AS liked
           FROM community_${this.thing} t WHERE t.id = $1 AND ${this.live('t')}
       ), added AS (
         INSERT INTO ${this.table} (${this.target}, user_id) SELECT id, $2 FROM wanted WHERE liked
         ON CONFLICT DO NOTHING RETURNING 1
       ), removed AS (
         DELETE FROM ${this.table} l USING wanted
          WHERE NOT wanted.liked AND l.${this.target} = wanted.id AND l.user_id = $2 RETURNING 1
       ), moved AS (
         UPDATE community_${this.thing} t SET like_count = t.like_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM removed)
          WHERE t.id = $1 AND (EXISTS (SELECT 1 FROM added) OR EXISTS (SELECT 1 FROM removed))
          RETURNING t.like_count
       )
       SELECT wanted.liked, wanted.author_id AS "authorId", COALESCE((SELECT like_count FROM moved), wanted.like_count) AS "likeCount",
              EXISTS (SELECT 1 FROM moved) AS changed
         FROM wanted`,
      [targetId, userId, liked ?? null],
    );
    return rows[0] ?? null;
  }

  /** Deletes every like the person gave (account erasure): the id liked, once per like. */
  async deleteGivenBy(tx: EntityManager, userId: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(tx, `DELETE FROM ${this.table} WHERE user_id = $1 RETURNING ${this.target} AS id`, [
      userId,
    ]);
    return rows.map(({ id }) => id);
  }
}

/** The community_post_like table. */
@Injectable()
export class PostLikesRepository extends LikeRows {
  protected readonly thing = 'post';
  protected live(alias: string): string {
    return livePost(alias);
  }
}

/** The community_comment_like table. */
@Injectable()
export class CommentLikesRepository extends LikeRows {
  protected readonly thing = 'comment';
  protected live(alias: string): string {
    return liveComment(alias);
  }
}
