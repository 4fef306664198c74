import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type LikeView } from '../../contracts/community.contract.js';
import { PreparedStatementSet, preparedStatement, queryPrepared } from '../../platform/database/prepared-statement.js';
import { queryRows } from '../../platform/database/returning.js';
import { authorColumns, likedBy, liveAccount, liveComment, livePost, shownEvent } from './community-sql.js';
import { readyVariantsByFile } from '../uploads/responsive-images.js';
import { type PostRow, type SharedPostRow } from './community.views.js';

export interface FeedFilter {
  /** Posts below this seq (the last one of the previous page). */
  beforeSeq: string | null;
  /** The page's length (the statements read one more, to tell whether another page follows). */
  limit: number;
  /** Lower-cased canonical city (as city_key holds it). */
  cityKey: string | null;
  eventId: string | null;
  authorId: string | null;
}

/** What a reader sees fresh on a shared feed page: a post's or comment's count, and whether they liked it. */
export interface LiveState {
  likeCount: number;
  liked: boolean;
}

/** The readable posts and comments of a page, by id (those missing were removed since, or their author is leaving). */
export interface PageState {
  posts: Map<string, LiveState & { commentCount: number }>;
  comments: Map<string, LiveState>;
}

export interface NewPost {
  authorId: string;
  eventId: string | null;
  text: string;
  photos: string[];
  /** The event's city; null takes the author's own. */
  city: string | null;
}

/** A readable post as writes need it: who wrote it. */
export interface LivePost {
  id: string;
  authorId: string;
}

/** The event a post would be about: null when it does not exist, was deleted or is not published. */
export interface PostEventRow {
  id: string;
  hostId: string;
  city: string | null;
}

/** The post's columns, its author's and its event's (while it exists): the same for every reader. */
const SHARED_POST_COLUMNS = `p.id, p.seq::text AS seq, p.text, p.photos, ${readyVariantsByFile('unnest(p.photos)')} AS "photoVariants",
    p.city, p.like_count AS "likeCount",
    p.comment_count AS "commentCount", p.created_at AS "createdAt", p.edited_at AS "editedAt", ${authorColumns('a')},
    e.id AS "eventId", e.title AS "eventTitle", e.date AS "eventDate", e.city AS "eventCity"`;

/** The same, and whether the viewer ($1) liked it. */
const POST_COLUMNS = `${SHARED_POST_COLUMNS}, ${likedBy('post', 'p', '$1')} AS "likedByMe"`;

/** The post `p`'s author (whose account is not being deleted) and event (while it is shown). */
const POST_JOINS = `JOIN users a ON a.id = p.author_id AND ${liveAccount('a')}
  LEFT JOIN event e ON e.id = p.event_id AND ${shownEvent('e')}`;

const POST_SELECT = `SELECT ${POST_COLUMNS} FROM community_post p ${POST_JOINS}`;

const POST_BY_ID = preparedStatement('community.post-by-id', `${POST_SELECT} WHERE p.id = $2 AND p.removed_at IS NULL`);

/**
 * A shared feed page's fresh part for the reader ($1, null for a guest): the counts of the posts ($2)
 * and first comments ($3) that are still readable, and which of them the reader liked.
 */
const PAGE_STATE = preparedStatement(
  'community.page-state',
  `SELECT 'post' AS kind, p.id, p.like_count AS "likeCount", p.comment_count AS "commentCount", ${likedBy('post', 'p', '$1')} AS liked
     FROM community_post p WHERE p.id = ANY($2::uuid[]) AND ${livePost('p')}
   UNION ALL
   SELECT 'comment', c.id, c.like_count, 0, ${likedBy('comment', 'c', '$1')}
     FROM community_comment c WHERE c.id = ANY($3::uuid[]) AND ${liveComment('c')}`,
);

/** Feed texts (filter combinations) kept prepared per process: there are at most 2^5 shapes. */
const FEED_STATEMENTS_KEPT = 32;

/** The feed's conditions on the post `p`, their values pushed onto `values`. */
function feedConditions(filter: FeedFilter, values: unknown[]): string {
  const param = (value: unknown) => `$${values.push(value)}`;
  const where = ['p.removed_at IS NULL'];
  if (filter.beforeSeq !== null) where.push(`p.seq < ${param(filter.beforeSeq)}::bigint`);
  if (filter.cityKey !== null) where.push(`p.city_key = ${param(filter.cityKey)}`);
  if (filter.eventId !== null) where.push(`p.event_id = ${param(filter.eventId)}::uuid`);
  if (filter.authorId !== null) where.push(`p.author_id = ${param(filter.authorId)}::uuid`);
  return where.join(' AND ');
}

/** The community_post table: every statement on it (the feed page's fresh state reads its first comments beside it). */
@Injectable()
export class PostsRepository {
  private readonly feeds = new PreparedStatementSet('community.feed', FEED_STATEMENTS_KEPT);

  constructor(private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * A page of readable posts, newest first, as every reader sees it: the keyset on seq walks
   * community_post_feed_idx (or the city's, event's or author's index).
   */
  feed(filter: FeedFilter): Promise<SharedPostRow[]> {
    const values: unknown[] = [filter.limit + 1];
    const where = feedConditions(filter, values);
    return this.feeds.query<SharedPostRow>(
      this.dataSource,
      `SELECT ${SHARED_POST_COLUMNS} FROM community_post p ${POST_JOINS} WHERE ${where} ORDER BY p.seq DESC LIMIT $1`,
      values,
    );
  }

  /**
   * A page of the readable posts of the people the viewer follows, newest first: the seqs of each
   * one's newest posts come from community_post_author_idx alone (an index-only scan), and only the
   * page's rows are read, so the page costs the same however much they wrote.
   */
  followedFeed(viewerId: string, filter: FeedFilter): Promise<PostRow[]> {
    const values: unknown[] = [viewerId, filter.limit + 1];
    const where = feedConditions(filter, values);
    return this.feeds.query<PostRow>(
      this.dataSource,
      `SELECT ${POST_COLUMNS}
         FROM (SELECT newest.seq
                 FROM user_follow f
                 JOIN users followed ON followed.id = f.followed_id AND ${liveAccount('followed')}
                CROSS JOIN LATERAL (
                  SELECT p.seq FROM community_post p
                   WHERE p.author_id = f.followed_id AND ${where} ORDER BY p.seq DESC LIMIT $2
                ) AS newest
                WHERE f.follower_id = $1::uuid
                ORDER BY newest.seq DESC LIMIT $2) AS page
         JOIN community_post p ON p.seq = page.seq
         ${POST_JOINS}
        ORDER BY p.seq DESC`,
      values,
    );
  }

  async pageState(viewerId: string | null, postIds: readonly string[], commentIds: readonly string[]): Promise<PageState> {
    const state: PageState = { posts: new Map(), comments: new Map() };
    if (postIds.length === 0) return state;
    type Row = LiveState & { kind: 'post' | 'comment'; id: string; commentCount: number };
    for (const { kind, id, likeCount, commentCount, liked } of await queryPrepared<Row>(this.dataSource, PAGE_STATE, [
      viewerId,
      postIds,
      commentIds,
    ])) {
      if (kind === 'post') state.posts.set(id, { likeCount, commentCount, liked });
      else state.comments.set(id, { likeCount, liked });
    }
    return state;
  }

  async view(postId: string, viewerId: string | null): Promise<PostRow | null> {
    return (await queryPrepared<PostRow>(this.dataSource, POST_BY_ID, [viewerId, postId]))[0] ?? null;
  }

  /** The post while it is readable (not removed, its author not deleting their account). */
  async findLive(postId: string): Promise<LivePost | null> {
    const rows = await this.dataSource.query<LivePost[]>(
      `SELECT p.id, p.author_id AS "authorId" FROM community_post p WHERE p.id = $1 AND ${livePost('p')}`,
      [postId],
    );
    return rows[0] ?? null;
  }

  /** The event a post may name: existing, not deleted, published (what anyone may see). */
  async findEvent(eventId: string): Promise<PostEventRow | null> {
    const rows = await this.dataSource.query<PostEventRow[]>(
      `SELECT e.id, e.host_id AS "hostId", e.city FROM event e WHERE e.id = $1 AND ${shownEvent('e')}`,
      [eventId],
    );
    return rows[0] ?? null;
  }

  async insert(tx: EntityManager, post: NewPost): Promise<string> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO community_post (author_id, event_id, text, photos, city)
       VALUES ($1, $2, $3, $4::text[], COALESCE($5, (SELECT city FROM users WHERE id = $1)))
       RETURNING id`,
      [post.authorId, post.eventId, post.text, post.photos, post.city],
    );
    return rows[0]!.id;
  }

  /** New text and photos of a readable post; false when it is no longer readable. */
  async edit(postId: string, text: string, photos: string[]): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE community_post p SET text = $2, photos = $3::text[], edited_at = now()
        WHERE p.id = $1 AND ${livePost('p')} RETURNING p.id`,
      [postId, text, photos],
    );
    return rows.length > 0;
  }

  /** Hides the post for good (its row stays until its author's account is erased); false when it already was. */
  async remove(postId: string, removedBy: string, runner: DataSource | EntityManager = this.dataSource): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      runner,
      'UPDATE community_post SET removed_at = now(), removed_by = $2 WHERE id = $1 AND removed_at IS NULL RETURNING id',
      [postId, removedBy],
    );
    return rows.length > 0;
  }

  /** The like count of a readable post and whether this person likes it; null when it is not readable. */
  async likeState(runner: DataSource | EntityManager, postId: string, userId: string | null): Promise<LikeView | null> {
    const rows = await runner.query<LikeView[]>(
      `SELECT p.like_count AS "likeCount",
              ${likedBy('post', 'p', '$2')} AS liked
         FROM community_post p WHERE p.id = $1 AND ${livePost('p')}`,
      [postId, userId],
    );
    return rows[0] ?? null;
  }

  /** One more comment on a readable post: its author, or null when it is not readable (nothing changed). */
  async addComment(tx: EntityManager, postId: string): Promise<{ authorId: string } | null> {
    const rows = await queryRows<{ authorId: string }>(
      tx,
      `UPDATE community_post p SET comment_count = comment_count + 1
        WHERE p.id = $1 AND ${livePost('p')} RETURNING p.author_id AS "authorId"`,
      [postId],
    );
    return rows[0] ?? null;
  }

  /** One comment fewer (a comment was removed), whatever became of the post since. */
  async dropComment(tx: EntityManager, postId: string): Promise<void> {
    await tx.query('UPDATE community_post SET comment_count = comment_count - 1 WHERE id = $1', [postId]);
  }

  /** Those of `mediaIds` that a post not removed shows. */
  async mediaReferencedAmong(mediaIds: readonly string[], idPattern: string): Promise<string[]> {
    if (mediaIds.length === 0) return [];
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT DISTINCT ref[1] AS id
         FROM community_post p CROSS JOIN LATERAL unnest(p.photos) AS photo
        CROSS JOIN LATERAL regexp_matches(lower(photo), $2) AS ref
        WHERE p.removed_at IS NULL AND ref[1] = ANY($1::text[])`,
      [mediaIds, `(${idPattern})`],
    );
    return rows.map(({ id }) => id);
  }

  // ---- account erasure (inside the erasure's transaction)

  /** Deletes the posts the person wrote; their comments, likes and reports go with them (ON DELETE CASCADE). */
  async deleteWrittenBy(tx: EntityManager, authorId: string): Promise<number> {
    return (await queryRows<{ id: string }>(tx, 'DELETE FROM community_post WHERE author_id = $1 RETURNING id', [authorId])).length;
  }

  /** Takes likes that were deleted off the posts' counts: `removed` maps post id → likes deleted. */
  async dropLikes(tx: EntityManager, removed: ReadonlyMap<string, number>): Promise<void> {
    await this.dropCounts(tx, 'like_count', removed);
  }

  /** Takes comments that were deleted off the posts' counts: `removed` maps post id → comments deleted. */
  async dropComments(tx: EntityManager, removed: ReadonlyMap<string, number>): Promise<void> {
    await this.dropCounts(tx, 'comment_count', removed);
  }

  private async dropCounts(tx: EntityManager, column: 'like_count' | 'comment_count', removed: ReadonlyMap<string, number>) {
    if (removed.size === 0) return;
    // Rows locked in id order, so two erasures at once cannot wait on each other.
    const ids = [...removed.keys()].sort();
    await tx.query('SELECT 1 FROM community_post WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    await tx.query(
      `UPDATE community_post p SET ${column} = p.${column} - d.count
         FROM unnest($1::uuid[], $2::int[]) AS d(id, count) WHERE p.id = d.id`,
      [ids, ids.map((id) => removed.get(id)!)],
    );
  }
}
