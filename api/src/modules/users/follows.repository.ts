import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type AuthorView, type FollowView } from '../../contracts/community.contract.js';

/** A person in a followers or following list, with the list's position. */
export type FollowListRow = AuthorView & { seq: string };

const PERSON_COLUMNS = `u.id, u.name, u.avatar_url AS "avatarUrl", u.verified, u.role, f.seq::text AS seq`;

/** The user_follow table, and the follower_count it keeps on users: every read and write of them goes through here. */
@Injectable()
export class FollowsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Makes `followerId` follow `followedId`; the count moves only when a row was added, in the same
   * statement, so concurrent follows count exactly. Answers whether it was new, and the count.
   */
  async follow(tx: EntityManager, followerId: string, followedId: string): Promise<{ added: boolean; followerCount: number }> {
    const rows: Array<{ added: boolean; follower_count: number }> = await tx.query(
      `WITH added AS (
         INSERT INTO user_follow (follower_id, followed_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
       ), counted AS (
         UPDATE users SET follower_count = follower_count + 1 WHERE id = $2 AND EXISTS (SELECT 1 FROM added) RETURNING follower_count
       )
       SELECT EXISTS (SELECT 1 FROM added) AS added,
              coalesce((SELECT follower_count FROM counted), (SELECT follower_count FROM users WHERE id = $2)) AS follower_count`,
      [followerId, followedId],
    );
    return { added: rows[0]!.added, followerCount: rows[0]!.follower_count };
  }

  async unfollow(followerId: string, followedId: string): Promise<number> {
    const rows: Array<{ follower_count: number }> = await this.dataSource.query(
      `WITH removed AS (
         DELETE FROM user_follow WHERE follower_id = $1 AND followed_id = $2 RETURNING 1
       ), counted AS (
         UPDATE users SET follower_count = greatest(follower_count - 1, 0) WHERE id = $2 AND EXISTS (SELECT 1 FROM removed) RETURNING follower_count
       )
       SELECT coalesce((SELECT follower_count FROM counted), (SELECT follower_count FROM users WHERE id = $2)) AS follower_count`,
      [followerId, followedId],
    );
    return rows[0]!.follower_count;
  }

  /** The follow button's state, and whether the person is suspended (no new followers meanwhile). */
  async state(followerId: string | null, followedId: string): Promise<(FollowView & { suspended: boolean }) | null> {
    const rows: Array<{ following: boolean; follower_count: number; suspended: boolean }> = await this.dataSource.query(
      `SELECT u.follower_count, u.suspended_at IS NOT NULL AS suspended,
              EXISTS (SELECT 1 FROM user_follow f WHERE f.follower_id = $1 AND f.followed_id = u.id) AS following
         FROM users u WHERE u.id = $2 AND u.deleted_at IS NULL`,
      [followerId, followedId],
    );
    const row = rows[0];
    return row ? { following: row.following, followerCount: row.follower_count, suspended: row.suspended } : null;
  }

  /** Who follows `userId`, newest first, after the position `beforeSeq` (null: from the start). */
  followers(userId: string, beforeSeq: string | null, limit: number): Promise<FollowListRow[]> {
    return this.people('follower_id', 'followed_id', userId, beforeSeq, limit);
  }

  /** Whom `userId` follows, newest first. */
  following(userId: string, beforeSeq: string | null, limit: number): Promise<FollowListRow[]> {
    return this.people('followed_id', 'follower_id', userId, beforeSeq, limit);
  }

  /** The people on the `listed` side of `userId`'s follows on the `of` side (live accounts only). */
  private people(
    listed: 'follower_id' | 'followed_id',
    of: 'follower_id' | 'followed_id',
    userId: string,
    beforeSeq: string | null,
    limit: number,
  ): Promise<FollowListRow[]> {
    return this.dataSource.query(
      `SELECT ${PERSON_COLUMNS}
         FROM user_follow f JOIN users u ON u.id = f.${listed} AND u.deleted_at IS NULL
        WHERE f.${of} = $1 AND ($2::bigint IS NULL OR f.seq < $2::bigint)
        ORDER BY f.seq DESC LIMIT $3`,
      [userId, beforeSeq, limit],
    );
  }

  /**
   * An erased account follows nobody and nobody follows it: the people it followed count one
   * follower less. Safe to repeat (a second run finds no rows).
   */
  async eraseOf(userId: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `WITH removed AS (DELETE FROM user_follow WHERE follower_id = $1 RETURNING followed_id)
         UPDATE users u SET follower_count = greatest(u.follower_count - 1, 0) FROM removed r WHERE u.id = r.followed_id`,
        [userId],
      );
      await tx.query('DELETE FROM user_follow WHERE followed_id = $1', [userId]);
      await tx.query('UPDATE users SET follower_count = 0 WHERE id = $1', [userId]);
    });
  }
}
