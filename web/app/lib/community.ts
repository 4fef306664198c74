/**
 * Rules of the Community screens (issue 22): what a post or comment may hold before it is sent,
 * likes that show at once and settle with the server's count, when something was written, the
 * events a person may post about, and the feed's addresses. Plain functions, shared by server and
 * browser, unit tested (community.spec.ts).
 */
import { CommunityLimits, CommunityMessages, writtenTextProblem, type LikeView } from '../../../api/src/contracts/community.contract.js';
import { formatRelativeTime } from './applications';
import { formatDay, groupIndian, isCancelled } from './format-event';
import { shorten } from './text';
import { textLength, type TextLength } from './text-length';

export const COMMUNITY_PATH = '/community';

/** What a list says when its next page cannot be read (the spec's "Failed to load more events"). */
export const LOAD_MORE_FAILED = { posts: 'Failed to load more posts', comments: 'Failed to load more comments' } as const;

// ---- Text ----

export type WrittenKind = 'post' | 'comment';

const LIMITS: Record<WrittenKind, number> = {
  post: CommunityLimits.postMaxLength,
  comment: CommunityLimits.commentMaxLength,
};

const EMPTY: Record<WrittenKind, string> = {
  post: CommunityMessages.emptyText,
  comment: CommunityMessages.emptyComment,
};

/** The length the API checks for a post or comment (see text-length.ts). */
export function writtenLength(text: string, kind: WrittenKind): TextLength {
  return textLength(text, LIMITS[kind]);
}

/** What is wrong with a post's or comment's text, in the words the person reads; null when it can be sent. */
export function textProblem(text: string, kind: WrittenKind): string | null {
  const length = writtenLength(text, kind);
  if (length.tooLong) return `Your ${kind} can be at most ${groupIndian(length.max)} characters.`;
  // The API's own rule (empty, control characters), so the page refuses what it would.
  return writtenTextProblem(text, LIMITS[kind], EMPTY[kind]);
}

// ---- Likes ----

/**
 * A like button's state: what the server last said, what the person wants now (null when nothing
 * is pending), and whether a request is out. One request at a time, each setting (never toggling)
 * the like: taps made while one is out are folded into the next, so the server ends where the last
 * tap left it however fast the taps came.
 */
export interface LikeState {
  server: LikeView;
  wanted: boolean | null;
  sending: boolean;
}

/** What a like send asks: set `liked` (null: nothing to send now). */
export type LikeSend = boolean | null;

export const likeState = (server: LikeView): LikeState => ({ server, wanted: null, sending: false });

/** What the button shows: the server's answer, with the person's pending wish laid over it. */
export function shownLike(state: LikeState): LikeView {
  const { server, wanted } = state;
  if (wanted === null || wanted === server.liked) return server;
  return { liked: wanted, likeCount: Math.max(0, server.likeCount + (wanted ? 1 : -1)) };
}

export function likeTapped(state: LikeState): { state: LikeState; send: LikeSend } {
  const wanted = !shownLike(state).liked;
  if (state.sending) return { state: { ...state, wanted }, send: null };
  return { state: { ...state, wanted, sending: true }, send: wanted };
}

/** The server's answer settles the count; a wish that changed meanwhile is sent next. */
export function likeAnswered(state: LikeState, answer: LikeView): { state: LikeState; send: LikeSend } {
  if (state.wanted !== null && state.wanted !== answer.liked) {
    return { state: { server: answer, wanted: state.wanted, sending: true }, send: state.wanted };
  }
  return { state: likeState(answer), send: null };
}

/** A refused or lost request: back to what the server last said. */
export const likeFailed = (state: LikeState): LikeState => likeState(state.server);

const plural = (count: number, one: string, many: string) => `${groupIndian(count)} ${count === 1 ? one : many}`;

export const likesText = (count: number) => plural(count, 'like', 'likes');
export const commentsText = (count: number) => plural(count, 'comment', 'comments');
export const followersText = (count: number) => plural(count, 'follower', 'followers');

/** The like button's accessible name: "Like, 3 likes" (whether it is pressed is aria-pressed's to say). */
export const likeLabel = (view: LikeView) => `Like, ${likesText(view.likeCount)}`;

// ---- Time ----

const WEEK_MS = 7 * 86_400_000;

/** When a post or comment was written: "Just now", "5 minutes ago" … "6 days ago", then its day. */
export function writtenAgo(iso: string, now: number): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  return now - time < WEEK_MS ? formatRelativeTime(iso, now) : formatDay(iso);
}

// ---- Events to post about ----

export interface EventChoice {
  id: string;
  title: string;
  date: string;
}

interface HostedEvent extends EventChoice {
  status: string | null;
  /** On the host's own events: whether moderation has them on the site. */
  moderation?: { status: string } | null;
}

interface BookedEvent extends HostedEvent {
  bid_status: string | null;
}

/**
 * The events a person may post about (the API's rule): those they host and those they were
 * accepted to, each once, the latest first; cancelled ones left out, and the host's own events that
 * moderation has not put on the site (waiting for review, refused, host suspended), which the API
 * would refuse.
 */
export function postableEvents(hosted: readonly HostedEvent[], booked: readonly BookedEvent[]): EventChoice[] {
  const chosen = new Map<string, EventChoice>();
  const eligible = [...hosted, ...booked.filter((event) => event.bid_status === 'accepted')];
  for (const event of eligible) {
    const onTheSite = !event.moderation || event.moderation.status === 'published';
    if (isCancelled(event) || !onTheSite || chosen.has(event.id)) continue;
    chosen.set(event.id, { id: event.id, title: event.title, date: event.date });
  }
  return [...chosen.values()].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
}

// ---- The feed ----

export type FeedTab = 'for-you' | 'following';

export const FEED_TABS: ReadonlyArray<{ key: FeedTab; label: string }> = [
  { key: 'for-you', label: 'For you' },
  { key: 'following', label: 'Following' },
];

export const feedTabFrom = (params: URLSearchParams): FeedTab => (params.get('tab') === 'following' ? 'following' : 'for-you');

/** The feed's address: its tab, and the position a "Load more" link goes on from. */
export function feedHref(tab: FeedTab, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (tab === 'following') params.set('tab', 'following');
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${COMMUNITY_PATH}?${query}` : COMMUNITY_PATH;
}

export const postPath = (postId: string) => `/post/${encodeURIComponent(postId)}`;

/** `current` with the items of `next` it does not hold yet, appended in order. */
export function appendNew<T extends { id: string }>(current: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(current.map((item) => item.id));
  return [...current, ...next.filter((item) => !seen.has(item.id))];
}

/** A post the feed shows shortened (a few lines), with a link to read it all. */
export function needsReadMore(text: string): boolean {
  return text.length > 320 || text.split('\n').length > 6;
}

/** A link preview's words: "Asha Rao on Tribe", and the post's text on one line, shortened. */
export function postPreview(post: { text: string; author: { name: string } }): { title: string; description: string } {
  return { title: `${post.author.name} on Tribe`, description: shorten(post.text.replace(/\s+/g, ' ').trim(), 200) };
}
