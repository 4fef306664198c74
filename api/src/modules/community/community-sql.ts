import { readyVariantsOf } from '../uploads/responsive-images.js';

/**
 * SQL the community's repositories share. Authors are read from users for display (the users module
 * owns every write of it); a post or comment is readable only while its author's account is neither
 * being deleted (users.deleted_at) nor suspended (users.suspended_at), so what a deleting or
 * suspended account wrote disappears at once, and a suspension lifted brings it back.
 */

/** The author columns every post and comment row carries (AuthorColumns), from the users row `alias`. */
export const authorColumns = (alias: string) =>
  `${alias}.id AS "authorId", ${alias}.name AS "authorName", ${alias}.avatar_url AS "authorAvatarUrl",
   ${readyVariantsOf(`${alias}.avatar_url`)} AS "authorAvatarVariants",
   ${alias}.verified AS "authorVerified", ${alias}.role AS "authorRole"`;

/** The users row `alias` is an account whose words are shown: neither being deleted nor suspended. */
export const liveAccount = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.suspended_at IS NULL`;

/** The account that wrote `column` is live. */
export const liveAuthor = (column: string) =>
  `EXISTS (SELECT 1 FROM users author WHERE author.id = ${column} AND ${liveAccount('author')})`;

/** The post `alias` is readable: not removed, its author's account live. */
export const livePost = (alias: string) => `${alias}.removed_at IS NULL AND ${liveAuthor(`${alias}.author_id`)}`;

/**
 * The event `alias` may be shown beside a post: it exists and moderation has it on the site (not
 * waiting for review, refused or its host suspended), as its own page would.
 */
export const shownEvent = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.moderation_status = 'published'`;

/** The comment `alias` is readable: it, its author, its post and the post's author. */
export const liveComment = (alias: string) =>
  `${alias}.removed_at IS NULL AND ${liveAuthor(`${alias}.author_id`)}
   AND EXISTS (SELECT 1 FROM community_post post WHERE post.id = ${alias}.post_id AND ${livePost('post')})`;

/** What can be liked: a post or a comment, each with its like table `community_<thing>_like`. */
export type Likeable = 'post' | 'comment';

/**
 * Whether the person `user` (a parameter, null for a guest) likes the post or comment `alias`: one
 * probe of the like table's primary key. As an EXISTS it was planned as a hash of every like the
 * person ever gave (7–9 ms a feed page for someone with 33,000 likes).
 */
export const likedBy = (thing: Likeable, alias: string, user: string) =>
  `COALESCE((SELECT true FROM community_${thing}_like l WHERE l.${thing}_id = ${alias}.id AND l.user_id = ${user}::uuid LIMIT 1), false)`;
