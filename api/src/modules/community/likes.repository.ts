import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';

/**
 * One like table: a row per (thing, person). Inserting an existing like or deleting a missing one
 * changes nothing and says so, so the caller moves the count only for a real change.
 */
abstract class LikeRows {
  protected abstract readonly table: 'community_post_like' | 'community_comment_like';
  protected abstract readonly target: 'post_id' | 'comment_id';

  /** True when the like was not there before. */
  async add(tx: EntityManager, targetId: string, userId: string): Promise<boolean> {
    const rows = await tx.query<unknown[]>(
      `INSERT INTO ${this.table} (${this.target}, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
      [targetId, userId],
    );
    return rows.length > 0;
  }

  /** True when there was a like to delete. */
  async delete(tx: EntityManager, targetId: string, userId: string): Promise<boolean> {
    const rows = await queryRows<unknown>(tx, `DELETE FROM ${this.table} WHERE ${this.target} = $1 AND user_id = $2 RETURNING 1`, [
      targetId,
      userId,
    ]);
    return rows.length > 0;
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
  protected readonly table = 'community_post_like';
  protected readonly target = 'post_id';
}

/** The community_comment_like table. */
@Injectable()
export class CommentLikesRepository extends LikeRows {
  protected readonly table = 'community_comment_like';
  protected readonly target = 'comment_id';
}
