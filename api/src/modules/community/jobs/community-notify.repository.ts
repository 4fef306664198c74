import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAX_GROUPED_ACTORS } from '../../notifications/notifications.repository.js';
import { liveAuthor, liveComment, livePost, shownEvent } from '../community-sql.js';

/**
 * The keys a post's notifications go by, each a prefix and the post id: likes and comments gather in
 * one unread notification per post (group key); a new post is told to each follower once (dedupe key).
 */
export const NotificationKeys = {
  liked: 'post_liked:',
  commented: 'post_commented:',
  newPost: 'new_post:',
} as const;

/** The key in SQL, of the post id column `postId`. */
const keyOf = (prefix: string, postId: string) => `'${prefix}' || ${postId}`;

/** What a like or comment notification says besides who did it: to whom, and the event the post is about. */
export interface PostToTell {
  authorId: string;
  eventId: string | null;
  eventTitle: string | null;
}

export interface EventPostToTell extends PostToTell {
  eventId: string;
  eventTitle: string;
  createdAt: Date;
}

/** How long ago a record must be to be due, and how far back the jobs look: two bounds, in ms. */
export interface DueWindow {
  afterMs: number;
  withinMs: number;
}

const IN_WINDOW = (column: string) =>
  `${column} > now() - make_interval(secs => $1::float8 / 1000) AND ${column} <= now() - make_interval(secs => $2::float8 / 1000)`;

/**
 * The author has a notification of this group that names the actor, or an unread one that is full
 * (it names no more people): the person was told, or cannot be.
 */
const TOLD = (recipient: string, groupKey: string, actor: string) => `EXISTS (
  SELECT 1 FROM notification n
   WHERE n.user_id = ${recipient} AND n.group_key = ${groupKey}
     AND (${actor} = ANY(n.actor_ids)
          OR (n.read_at IS NULL AND n.dismissed_at IS NULL AND cardinality(n.actor_ids) >= ${MAX_GROUPED_ACTORS})))`;

/**
 * The community's notification jobs: what each is about, and (findDue) likes, comments and event
 * posts whose people were not told yet. Read-only joins of the community's tables with users, event,
 * notification and user_follow (their modules own every write): no port could answer "liked, and not
 * in the author's notification" without reading every recent like.
 */
@Injectable()
export class CommunityNotifyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The like, while it stands, its liker's account too, on a readable post by someone else, from a
   * liker the author has not already read (or dismissed) a notification about: liking again is no news.
   */
  async likeToTell(postId: string, likerId: string): Promise<PostToTell | null> {
    const rows = await this.dataSource.query<PostToTell[]>(
      `SELECT p.author_id AS "authorId", e.id AS "eventId", e.title AS "eventTitle"
         FROM community_post_like l
         JOIN community_post p ON p.id = l.post_id
         LEFT JOIN event e ON e.id = p.event_id AND ${shownEvent('e')}
        WHERE l.post_id = $1 AND l.user_id = $2 AND p.author_id <> l.user_id AND ${livePost('p')} AND ${liveAuthor('l.user_id')}
          AND NOT EXISTS (
            SELECT 1 FROM notification told
             WHERE told.user_id = p.author_id AND told.group_key = ${keyOf(NotificationKeys.liked, 'p.id')} AND l.user_id = ANY(told.actor_ids)
               AND (told.read_at IS NOT NULL OR told.dismissed_at IS NOT NULL))`,
      [postId, likerId],
    );
    return rows[0] ?? null;
  }

  /** The comment, while readable, on a post by someone else: the post's author, and the commenter. */
  async commentToTell(commentId: string): Promise<(PostToTell & { commenterId: string }) | null> {
    const rows = await this.dataSource.query<Array<PostToTell & { commenterId: string }>>(
      `SELECT p.author_id AS "authorId", c.author_id AS "commenterId", e.id AS "eventId", e.title AS "eventTitle"
         FROM community_comment c
         JOIN community_post p ON p.id = c.post_id
         LEFT JOIN event e ON e.id = p.event_id AND ${shownEvent('e')}
        WHERE c.id = $1 AND p.author_id <> c.author_id AND ${liveComment('c')}`,
      [commentId],
    );
    return rows[0] ?? null;
  }

  /** A readable post about an event that is shown. */
  async eventPostToTell(postId: string): Promise<EventPostToTell | null> {
    const rows = await this.dataSource.query<EventPostToTell[]>(
      `SELECT p.author_id AS "authorId", e.id AS "eventId", e.title AS "eventTitle", p.created_at AS "createdAt"
         FROM community_post p JOIN event e ON e.id = p.event_id AND ${shownEvent('e')}
        WHERE p.id = $1 AND ${livePost('p')}`,
      [postId],
    );
    return rows[0] ?? null;
  }

  /**
   * Followers of `authorId` since before `since` (the post's time: a rerun tells the same people),
   * with accounts not being deleted: a page below `beforeSeq`, newest follow first.
   */
  async followersPage(
    authorId: string,
    since: Date,
    beforeSeq: string | null,
    limit: number,
  ): Promise<Array<{ followerId: string; seq: string }>> {
    return this.dataSource.query(
      `SELECT f.follower_id AS "followerId", f.seq::text AS seq
         FROM user_follow f JOIN users u ON u.id = f.follower_id AND u.deleted_at IS NULL
        WHERE f.followed_id = $1 AND f.created_at <= $2 AND ($3::bigint IS NULL OR f.seq < $3::bigint)
        ORDER BY f.seq DESC LIMIT $4`,
      [authorId, since, beforeSeq, limit],
    );
  }

  /** Likes in the window that would notify and whose liker the post's author was not told of, newest first. */
  async dueLikes(window: DueWindow, limit: number): Promise<Array<{ postId: string; likerId: string }>> {
    return this.dataSource.query(
      `SELECT l.post_id AS "postId", l.user_id AS "likerId"
         FROM community_post_like l JOIN community_post p ON p.id = l.post_id
        WHERE ${IN_WINDOW('l.created_at')} AND p.author_id <> l.user_id AND ${livePost('p')} AND ${liveAuthor('l.user_id')}
          AND NOT ${TOLD('p.author_id', keyOf(NotificationKeys.liked, 'p.id'), 'l.user_id')}
        ORDER BY l.created_at DESC LIMIT $3`,
      [window.withinMs, window.afterMs, limit],
    );
  }

  /** Comments in the window that would notify and whose writer the post's author was not told of, newest first. */
  async dueComments(window: DueWindow, limit: number): Promise<Array<{ postId: string; commentId: string }>> {
    return this.dataSource.query(
      `SELECT c.post_id AS "postId", c.id AS "commentId"
         FROM community_comment c JOIN community_post p ON p.id = c.post_id
        WHERE ${IN_WINDOW('c.created_at')} AND p.author_id <> c.author_id AND ${liveComment('c')}
          AND NOT ${TOLD('p.author_id', keyOf(NotificationKeys.commented, 'p.id'), 'c.author_id')}
        ORDER BY c.created_at DESC LIMIT $3`,
      [window.withinMs, window.afterMs, limit],
    );
  }

  /** Event posts in the window with a follower (since before the post) who has no new_post notification of it. */
  async dueEventPosts(window: DueWindow, limit: number): Promise<Array<{ postId: string }>> {
    return this.dataSource.query(
      `SELECT p.id AS "postId"
         FROM community_post p JOIN event e ON e.id = p.event_id AND ${shownEvent('e')}
        WHERE p.event_id IS NOT NULL AND ${IN_WINDOW('p.created_at')} AND ${livePost('p')}
          AND EXISTS (
            SELECT 1 FROM user_follow f JOIN users u ON u.id = f.follower_id AND u.deleted_at IS NULL
             WHERE f.followed_id = p.author_id AND f.created_at <= p.created_at
               AND NOT EXISTS (SELECT 1 FROM notification n WHERE n.user_id = f.follower_id AND n.dedupe_key = ${keyOf(NotificationKeys.newPost, 'p.id')}))
        ORDER BY p.created_at DESC LIMIT $3`,
      [window.withinMs, window.afterMs, limit],
    );
  }
}
