import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type LikeView } from '../../contracts/community.contract.js';
import { preparedStatement, queryPrepared } from '../../platform/database/prepared-statement.js';
import { queryRows } from '../../platform/database/returning.js';
import { authorColumns, likedBy, liveAccount, liveComment } from './community-sql.js';
import { type CommentRow } from './community.views.js';

/** A readable comment as writes need it. */
export interface LiveComment {
  id: string;
  postId: string;
  authorId: string;
}

/** The comment's columns, its author's and whether the viewer ($1) liked it; `c` is a comment, `a` its author. */
const COMMENT_COLUMNS = `c.id, c.seq::text AS seq, c.post_id AS "postId", c.text, c.like_count AS "likeCount",
  c.created_at AS "createdAt", c.edited_at AS "editedAt", ${authorColumns('a')},
  ${likedBy('comment', 'c', '$1')} AS "likedByMe"`;

const COMMENT_PAGE = preparedStatement(
  'community.comment-page',
  `SELECT ${COMMENT_COLUMNS}
     FROM community_comment c JOIN users a ON a.id = c.author_id AND ${liveAccount('a')}
    WHERE c.post_id = $2 AND c.removed_at IS NULL AND ($3::bigint IS NULL OR c.seq > $3::bigint)
    ORDER BY c.seq LIMIT $4`,
);

/** The first `$3` readable comments of each post of `$2`, in one statement for a whole feed page. */
const FIRST_COMMENTS = preparedStatement(
  'community.first-comments',
  `SELECT c.* FROM unnest($2::uuid[]) AS post(id)
    CROSS JOIN LATERAL (
      SELECT ${COMMENT_COLUMNS}
        FROM community_comment c JOIN users a ON a.id = c.author_id AND ${liveAccount('a')}
       WHERE c.post_id = post.id AND c.removed_at IS NULL
       ORDER BY c.seq LIMIT $3) AS c`,
);

const COMMENT_BY_ID = preparedStatement(
  'community.comment-by-id',
  `SELECT ${COMMENT_COLUMNS} FROM community_comment c JOIN users a ON a.id = c.author_id
    WHERE c.id = $2 AND ${liveComment('c')}`,
);

/** The community_comment table: every statement on it. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Readable comments of a post (readable itself: the caller checked), oldest first, after `afterSeq`. */
  page(postId: string, viewerId: string | null, afterSeq: string | null, limit: number): Promise<CommentRow[]> {
    return queryPrepared<CommentRow>(this.dataSource, COMMENT_PAGE, [viewerId, postId, afterSeq, limit]);
  }

  /** The oldest `perPost` readable comments of each post, grouped by post id. */
  async firstOf(postIds: readonly string[], viewerId: string | null, perPost: number): Promise<Map<string, CommentRow[]>> {
    const byPost = new Map<string, CommentRow[]>();
    if (postIds.length === 0) return byPost;
    for (const row of await queryPrepared<CommentRow>(this.dataSource, FIRST_COMMENTS, [viewerId, postIds, perPost])) {
      const comments = byPost.get(row.postId);
      if (comments) comments.push(row);
      else byPost.set(row.postId, [row]);
    }
    return byPost;
  }

  async view(commentId: string, viewerId: string | null): Promise<CommentRow | null> {
    return (await queryPrepared<CommentRow>(this.dataSource, COMMENT_BY_ID, [viewerId, commentId]))[0] ?? null;
  }

  /** The comment while it is readable (it, its author, its post and the post's author). */
  async findLive(commentId: string): Promise<LiveComment | null> {
    const rows = await this.dataSource.query<LiveComment[]>(
      `SELECT c.id, c.post_id AS "postId", c.author_id AS "authorId" FROM community_comment c WHERE c.id = $1 AND ${liveComment('c')}`,
      [commentId],
    );
    return rows[0] ?? null;
  }

  async insert(tx: EntityManager, comment: { postId: string; authorId: string; text: string }): Promise<string> {
    const rows = await tx.query<Array<{ id: string }>>(
      'INSERT INTO community_comment (post_id, author_id, text) VALUES ($1, $2, $3) RETURNING id',
      [comment.postId, comment.authorId, comment.text],
    );
    return rows[0]!.id;
  }

  /** New text of a readable comment; false when it is no longer readable. */
  async edit(commentId: string, text: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE community_comment c SET text = $2, edited_at = now() WHERE c.id = $1 AND ${liveComment('c')} RETURNING c.id`,
      [commentId, text],
    );
    return rows.length > 0;
  }

  /** Hides the comment for good; its post's id, or null when it already was hidden. */
  async remove(tx: EntityManager, commentId: string, removedBy: string): Promise<string | null> {
    const rows = await queryRows<{ postId: string }>(
      tx,
      `UPDATE community_comment SET removed_at = now(), removed_by = $2
        WHERE id = $1 AND removed_at IS NULL RETURNING post_id AS "postId"`,
      [commentId, removedBy],
    );
    return rows[0]?.postId ?? null;
  }

  /** The like count of a readable comment and whether this person likes it; null when it is not readable. */
  async likeState(runner: DataSource | EntityManager, commentId: string, userId: string | null): Promise<LikeView | null> {
    const rows = await runner.query<LikeView[]>(
      `SELECT c.like_count AS "likeCount",
              ${likedBy('comment', 'c', '$2')} AS liked
         FROM community_comment c WHERE c.id = $1 AND ${liveComment('c')}`,
      [commentId, userId],
    );
    return rows[0] ?? null;
  }

  // ---- account erasure (inside the erasure's transaction)

  /**
   * Deletes the comments the person wrote (their likes and reports go with them). Answers the post of
   * each one that was readable, to take it off that post's count (a removed one already was).
   */
  async deleteWrittenBy(tx: EntityManager, authorId: string): Promise<string[]> {
    const rows = await queryRows<{ postId: string; counted: boolean }>(
      tx,
      'DELETE FROM community_comment WHERE author_id = $1 RETURNING post_id AS "postId", (removed_at IS NULL) AS counted',
      [authorId],
    );
    return rows.filter((row) => row.counted).map((row) => row.postId);
  }

  /** Takes likes that were deleted off the comments' counts: `removed` maps comment id → likes deleted. */
  async dropLikes(tx: EntityManager, removed: ReadonlyMap<string, number>): Promise<void> {
    if (removed.size === 0) return;
    const ids = [...removed.keys()].sort();
    await tx.query('SELECT 1 FROM community_comment WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    await tx.query(
      `UPDATE community_comment c SET like_count = c.like_count - d.count
         FROM unnest($1::uuid[], $2::int[]) AS d(id, count) WHERE c.id = d.id`,
      [ids, ids.map((id) => removed.get(id)!)],
    );
  }
}
