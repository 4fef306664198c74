/**
 * Community (issue 22): posts with photos, likes, comments, follows and reports. Base path /api/v1.
 * Reads are public (a guest reads the feed, a post and its comments; `likedByMe` and `isMine` are
 * then false); every write needs a bearer token and checks who is asking. The spec (§7) lists the
 * reads and the like and comment routes; the rest are ours (docs/decisions.md, "Community").
 *
 * | Method and path                               | Body               | Answer                              |
 * |-----------------------------------------------|--------------------|-------------------------------------|
 * | GET    /community/posts/interactions          | (FeedQuery)        | FeedView (public)                   |
 * | GET    /community/posts/{id}                  |                    | PostView (public)                   |
 * | POST   /community/posts                       | PostInput          | 201 PostView                        |
 * | PUT    /community/posts/{id}                  | PostEditInput      | PostView (author)                   |
 * | DELETE /community/posts/{id}                  |                    | 204 (author or admin)               |
 * | POST   /community/posts/{id}/like             | LikeInput (opt.)   | LikeView                            |
 * | GET    /community/posts/{id}/like             |                    | LikeView (public)                   |
 * | POST   /community/posts/{id}/comments         | CommentInput       | 201 CommentView                     |
 * | GET    /community/posts/{id}/comments         | (CommentsQuery)    | CommentPageView (public, oldest 1st)|
 * | PUT    /community/comments/{id}               | CommentInput       | CommentView (author)                |
 * | DELETE /community/comments/{id}               |                    | 204 (author or admin)               |
 * | POST   /community/comments/{id}/like          | LikeInput (opt.)   | LikeView                            |
 * | GET    /community/comments/{id}/like          |                    | LikeView (public)                   |
 * | POST   /community/posts/{id}/report           | ContentReportInput | 201 ContentReportView               |
 * | POST   /community/comments/{id}/report        | ContentReportInput | 201 ContentReportView               |
 * | GET    /admin/community-reports               | (ReportListQuery)  | { data, pagination } (admin)        |
 * | POST   /users/{id}/follow                     |                    | FollowView                          |
 * | DELETE /users/{id}/follow                     |                    | FollowView                          |
 * | GET    /users/{id}/follow                     |                    | FollowView (public)                 |
 * | GET    /users/{id}/followers                  | (PeopleQuery)      | PeoplePageView (public)             |
 * | GET    /users/{id}/following                  | (PeopleQuery)      | PeoplePageView (public)             |
 *
 * Lists are keyset-paged: an answer's `nextCursor` (null at the end) is passed back as `cursor`.
 * A removed post or comment, or one by an account being deleted or suspended, is 404 "Post not found." /
 * "Comment not found." to everyone (its author included): nothing removed is readable.
 */
import { stripBidiControls } from './bidi.js';
import { type ResponsiveImage } from './event/event-view.js';

export type {
  CommentInput,
  CommentsQuery,
  ContentReportInput,
  ContentReportListQuery,
  FeedQuery,
  LikeInput,
  PeopleQuery,
  PostEditInput,
  PostInput,
} from './community.schemas.js';

export const CommunityLimits = {
  postMaxLength: 2000,
  commentMaxLength: 1000,
  maxPhotos: 10,
  /** The feed's page (SPEC §9's list page) and the most a client may ask for. */
  feedPage: 20,
  maxPage: 50,
  commentsPage: 20,
  /** Comments shown under each post in the feed. */
  inlineComments: 2,
  peoplePage: 50,
  reportDetailsMax: 1000,
} as const;

/**
 * What one person may do, counted per fixed window in Redis (shared by every API instance). Past it
 * the write is refused with 429 and Retry-After; nothing is stored.
 */
export const CommunityRates = {
  post: { limit: 10, windowMs: 60 * 60_000 },
  comment: { limit: 30, windowMs: 10 * 60_000 },
  like: { limit: 120, windowMs: 60_000 },
  follow: { limit: 60, windowMs: 60 * 60_000 },
  report: { limit: 20, windowMs: 60 * 60_000 },
} as const;
export type CommunityRateKind = keyof typeof CommunityRates;

export const CommunityMessages = {
  postNotFound: 'Post not found.',
  commentNotFound: 'Comment not found.',
  notYourPost: 'You can only change your own posts.',
  notYourComment: 'You can only change your own comments.',
  notAtEvent: 'You can only post about an event you host or attended.',
  eventNotFound: 'Event not found.',
  emptyText: 'Please write something before posting.',
  emptyComment: 'Please write a comment.',
  controlCharacters: 'Your text contains characters that cannot be shown. Please remove them.',
  tooLong: (max: number) => `must be at most ${max} characters`,
  tooManyPhotos: `You can add up to ${CommunityLimits.maxPhotos} photos.`,
  notOwnUpload: 'Photos must be uploaded through Tribe.',
  postingTooFast: 'You are posting too fast. Please try again later.',
  commentingTooFast: 'You are commenting too fast. Please try again later.',
  likingTooFast: 'You are liking too fast. Please try again later.',
  followingTooFast: 'You are following too many people too fast. Please try again later.',
  reportingTooFast: 'You have sent many reports. Please try again later.',
  cannotFollowSelf: 'You cannot follow yourself.',
  cannotReportOwn: 'You cannot report your own post or comment.',
  reportAlreadyOpen: 'You have already reported this. Our team is looking into it.',
  reported: 'Thanks for telling us. Our team will review this report.',
  badCursor: 'This list position is not valid. Please reload the list.',
  loginToInteract: 'Please log in to like, comment or post.',
} as const;

export const CommunityErrorCodes = {
  postNotFound: 'post_not_found',
  commentNotFound: 'comment_not_found',
  notAtEvent: 'not_at_event',
  cannotFollowSelf: 'cannot_follow_self',
  cannotReportOwn: 'cannot_report_own',
  reportAlreadyOpen: 'content_report_already_open',
  badCursor: 'bad_cursor',
} as const;

/** C0 and C1 controls other than tab and line breaks: refused, not silently dropped. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * What is wrong with a text people write here (a post, a comment), null when it may be sent: bidi
 * controls are dropped, other controls refused, and what is left is trimmed and must hold 1..max
 * characters. The API's schemas (community.schemas.ts) and the pages check it the same way.
 */
export function writtenTextProblem(text: string, max: number, emptyMessage: string): string | null {
  const shown = stripBidiControls(text);
  if (CONTROL_CHARACTERS.test(shown)) return CommunityMessages.controlCharacters;
  const trimmed = shown.trim();
  if (!trimmed) return emptyMessage;
  return trimmed.length > max ? CommunityMessages.tooLong(max) : null;
}

/** Why a post or comment may be reported, with the label the form shows. */
export const CONTENT_REPORT_REASONS = {
  spam: 'Spam or scam',
  harassment: 'Harassment or bullying',
  hate: 'Hate speech or symbols',
  inappropriate_content: 'Nudity or inappropriate content',
  false_information: 'False information',
  other: 'Something else',
} as const;
export type ContentReportReason = keyof typeof CONTENT_REPORT_REASONS;

// ---- Answers ----

export interface AuthorView {
  id: string;
  name: string;
  avatarUrl: string | null;
  /** The avatar's smallest WebP variant, for the small round picture; null until one is made. */
  avatarThumbnailUrl: string | null;
  verified: boolean;
  role: 'fan' | 'influencer' | 'admin';
}

export interface PostEventView {
  id: string;
  title: string;
  /** The event's start (ISO). */
  date: string;
  city: string | null;
}

export interface CommentView {
  id: string;
  postId: string;
  text: string;
  author: AuthorView;
  likeCount: number;
  likedByMe: boolean;
  isMine: boolean;
  createdAt: string;
  editedAt: string | null;
}

export interface PostView {
  id: string;
  text: string;
  photos: string[];
  /** Each of `photos` with its WebP variants (none until they are made, or for a photo from elsewhere). */
  responsivePhotos: ResponsiveImage[];
  event: PostEventView | null;
  /** The event's city, or the author's when they posted without an event. */
  city: string | null;
  author: AuthorView;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  isMine: boolean;
  createdAt: string;
  editedAt: string | null;
  /** The first comments (oldest first, at most CommunityLimits.inlineComments). */
  firstComments: CommentView[];
}

export interface FeedView {
  posts: PostView[];
  nextCursor: string | null;
}

export interface CommentPageView {
  comments: CommentView[];
  nextCursor: string | null;
}

export interface LikeView {
  liked: boolean;
  likeCount: number;
}

export interface FollowView {
  following: boolean;
  followerCount: number;
}

export interface PeoplePageView {
  people: AuthorView[];
  nextCursor: string | null;
}

export interface ContentReportView {
  id: string;
  target: 'post' | 'comment';
  targetId: string;
  reason: ContentReportReason;
  details: string | null;
  status: 'open';
  createdAt: string;
  message: string;
}

/** One row of GET /admin/community-reports: what was reported and who wrote it, as they are now. */
export interface AdminContentReportView {
  id: string;
  target: 'post' | 'comment';
  targetId: string;
  /** The post itself, or the post the comment is under (for a link to /post/{postId}). */
  postId: string;
  reason: ContentReportReason;
  details: string | null;
  status: 'open' | 'closed';
  createdAt: string;
  reporter: { id: string; name: string | null };
  content: {
    text: string;
    /** Removed by its author or an admin. */
    removed: boolean;
    author: { id: string; name: string | null; deleted: boolean };
  };
}

// ---- Cursors ----

/**
 * A keyset position: the `seq` (a bigint identity, in insertion order) of the last row a page
 * answered, opaque to clients. Newest-first lists go on below it, oldest-first lists above it.
 */
export function encodeCursor(seq: string | number | bigint): string {
  return Buffer.from(`s${seq}`).toString('base64url');
}

/** The largest seq PostgreSQL's bigint holds: a cursor past it was not written by this API. */
const MAX_SEQ = 9_223_372_036_854_775_807n;

/** The seq a cursor names (as decimal text), or null when it is not one this API wrote. */
export function decodeCursor(text: string): string | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const match = /^s([1-9][0-9]{0,18})$/.exec(decoded);
  return match && BigInt(match[1]!) <= MAX_SEQ ? match[1]! : null;
}
