import { data } from '@remix-run/node';
import { api, ApiError, failureInit } from './api.server';
import { loadBookedEvents } from './applications.server';
import { postableEvents, type EventChoice } from './community';
import { loadUserEvents } from './event-feeds.server';
import { write } from './event-writes.server';
import { asVisitor, readSayingRefusals, type PageRead } from './page-reads.server';
import type {
  CommentPageView,
  CommentView,
  ContentReportInput,
  ContentReportView,
  FeedView,
  FollowView,
  LikeView,
  PostEditInput,
  PostInput,
  PostView,
} from '../../../api/src/contracts/community.contract.js';

/** The spec's tone for a list that could not be read ("Failed to load more events"). */
export const FEED_FAILED = 'Failed to load posts';
export const COMMENTS_FAILED = 'Failed to load comments';

const posts = (id: string) => `/community/posts/${encodeURIComponent(id)}`;
const comments = (id: string) => `/community/comments/${encodeURIComponent(id)}`;
const users = (id: string) => `/users/${encodeURIComponent(id)}`;

export interface FeedRequest {
  following?: boolean;
  authorId?: string | null;
  cursor?: string | null;
}

/** GET /community/posts/interactions: one page of the feed, newest first. */
export function loadFeed(token: string | null, request: FeedRequest): Promise<PageRead<FeedView>> {
  const query = { cursor: request.cursor, authorId: request.authorId, following: request.following ? 'true' : undefined };
  return readSayingRefusals(
    () => asVisitor(token, (as) => api<FeedView>('/community/posts/interactions', { token: as, query })),
    FEED_FAILED,
  );
}

/** GET /community/posts/{id}; a post that is missing (or removed) is the not-found page. */
export async function loadPost(token: string | null, id: string): Promise<PostView> {
  try {
    return await asVisitor(token, (as) => api<PostView>(posts(id), { token: as }));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data({ error: error.message }, { status: 404 });
    if (error instanceof ApiError) throw data({ error: error.message }, failureInit(error));
    throw error;
  }
}

/** GET /community/posts/{id}/comments: one page, oldest first. */
export function loadComments(token: string | null, postId: string, cursor?: string | null): Promise<PageRead<CommentPageView>> {
  return readSayingRefusals(
    () => asVisitor(token, (as) => api<CommentPageView>(`${posts(postId)}/comments`, { token: as, query: { cursor } })),
    COMMENTS_FAILED,
  );
}

/** GET /users/{id}/follow: whether I follow them and how many do. */
export function loadFollow(token: string | null, userId: string): Promise<PageRead<FollowView>> {
  return readSayingRefusals(
    () => asVisitor(token, (as) => api<FollowView>(`${users(userId)}/follow`, { token: as })),
    'Failed to load followers',
  );
}

/**
 * The events a person may post about: those they host (past ones too) and those they were accepted
 * to. A list that cannot be read leaves the picker with what could be read; posting without an
 * event still works.
 */
export async function loadPostableEvents(token: string, userId: string): Promise<EventChoice[]> {
  const [hosted, booked] = await Promise.all([loadUserEvents(userId, token, { all: true, maxPages: 2 }), loadBookedEvents(token)]);
  return postableEvents(hosted, booked.ok ? booked.items : []);
}

export const createPost = (token: string, body: PostInput) =>
  write(() => api<PostView>('/community/posts', { method: 'POST', token, body }));

export const updatePost = (token: string, id: string, body: PostEditInput) =>
  write(() => api<PostView>(posts(id), { method: 'PUT', token, body }));

export const deletePost = (token: string, id: string) => write(() => api<undefined>(posts(id), { method: 'DELETE', token }));

export type LikeTarget = 'post' | 'comment';

/** Sets (never toggles) a like, so a request sent again lands where the person meant. */
export function setLike(token: string, target: LikeTarget, id: string, liked: boolean) {
  const path = target === 'post' ? posts(id) : comments(id);
  return write(() => api<LikeView>(`${path}/like`, { method: 'POST', token, body: { liked } }));
}

export const addComment = (token: string, postId: string, text: string) =>
  write(() => api<CommentView>(`${posts(postId)}/comments`, { method: 'POST', token, body: { text } }));

export const updateComment = (token: string, id: string, text: string) =>
  write(() => api<CommentView>(comments(id), { method: 'PUT', token, body: { text } }));

export const deleteComment = (token: string, id: string) => write(() => api<undefined>(comments(id), { method: 'DELETE', token }));

export function report(token: string, target: LikeTarget, id: string, body: ContentReportInput) {
  const path = target === 'post' ? posts(id) : comments(id);
  return write(() => api<ContentReportView>(`${path}/report`, { method: 'POST', token, body }));
}

export const setFollow = (token: string, userId: string, following: boolean) =>
  write(() => api<FollowView>(`${users(userId)}/follow`, { method: following ? 'POST' : 'DELETE', token }));
