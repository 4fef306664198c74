import { data, redirect } from '@remix-run/node';
import { api } from './api.server';
import { requireUser } from './auth.server';
import { loadEvent } from './event-detail.server';
import { write } from './event-writes.server';
import { pageFromSearchParams } from './filters';
import { asVisitor, readSayingRefusals, type PageRead } from './page-reads.server';
import { originOf } from './profile';
import { loadPublicProfile } from './profile.server';
import { checkReply } from './rating-forms';
import { flashToast } from './session.server';
import type {
  MyRatingsView,
  RatingEditInput,
  RatingInput,
  RatingReportInput,
  RatingReportView,
  RatingStatsView,
  RatingView,
  ReviewPageView,
} from '../../../api/src/contracts/ratings.contract.js';

/** The spec's tone for a list that could not be read ("Failed to load …"). */
export const REVIEWS_FAILED = 'Failed to load reviews';
export const RATINGS_FAILED = 'Failed to load your ratings';

const ratings = (id: string) => `/ratings/${encodeURIComponent(id)}`;
const influencer = (id: string) => `/ratings/influencer/${encodeURIComponent(id)}`;

/** GET /ratings/user: my ratings, and the attended, ended events still waiting for one. */
export function loadMyRatings(token: string): Promise<PageRead<MyRatingsView>> {
  return readSayingRefusals(() => api<MyRatingsView>('/ratings/user', { token }), RATINGS_FAILED);
}

/** GET /ratings/influencer/{id}: one page of a host's reviews (one event's with `eventId`), newest first. */
export function loadReviews(
  token: string | null,
  hostId: string,
  query: { page?: number; eventId?: string | null } = {},
): Promise<PageRead<ReviewPageView>> {
  return readSayingRefusals(
    () =>
      asVisitor(token, (as) => api<ReviewPageView>(influencer(hostId), { token: as, query: { page: query.page, eventId: query.eventId } })),
    REVIEWS_FAILED,
  );
}

/** GET /ratings/influencer/{id}/stats: the average, the count, the band and the histogram. */
export function loadRatingStats(token: string | null, hostId: string): Promise<PageRead<RatingStatsView>> {
  return readSayingRefusals(
    () => asVisitor(token, (as) => api<RatingStatsView>(`${influencer(hostId)}/stats`, { token: as })),
    REVIEWS_FAILED,
  );
}

/** For a reviews page: the stats, or the page's error (a host who does not exist is the not-found page). */
export async function requireRatingStats(token: string, hostId: string): Promise<RatingStatsView> {
  const stats = await loadRatingStats(token, hostId);
  if (stats.ok) return stats.value;
  if (stats.status === 404 || stats.status === 400) throw data({ error: 'User not found.' }, { status: 404 });
  throw data({ error: stats.error }, { status: stats.status });
}

export const submitRating = (token: string, body: RatingInput) => write(() => api<RatingView>('/ratings', { method: 'POST', token, body }));

export const updateRating = (token: string, id: string, body: RatingEditInput) =>
  write(() => api<RatingView>(ratings(id), { method: 'PUT', token, body }));

export const deleteRating = (token: string, id: string) => write(() => api<undefined>(ratings(id), { method: 'DELETE', token }));

/** The host's one reply to a review: PUT writes it or replaces it. */
export const replyToReview = (token: string, id: string, text: string) =>
  write(() => api<RatingView>(`${ratings(id)}/reply`, { method: 'PUT', token, body: { text } }));

export const deleteReply = (token: string, id: string) => write(() => api<RatingView>(`${ratings(id)}/reply`, { method: 'DELETE', token }));

export const reportReview = (token: string, id: string, body: RatingReportInput) =>
  write(() => api<RatingReportView>(`${ratings(id)}/report`, { method: 'POST', token, body }));

// ---- The reviews pages ----

const REPLY_POSTED = 'Your reply is posted.';
const REPLY_DELETED = 'Your reply is deleted.';

/**
 * /profile-preview/{hostId}/reviews and /reviews/{eventId}: the host, their stats, one page of
 * reviews (one event's with `eventId`, whose title heads the page), and who is reading (the host
 * replies; others report). ?page= pages, ?reply={ratingId} opens a reply box without JavaScript.
 * An unknown host, or an event that is not theirs, is the not-found page.
 */
export async function loadReviewsPage(request: Request, hostId: string, eventId: string | null) {
  const { token, user } = await requireUser(request);
  const url = new URL(request.url);
  const page = pageFromSearchParams(url.searchParams);
  const [host, stats, reviews, event] = await Promise.all([
    loadPublicProfile(token, hostId),
    requireRatingStats(token, hostId),
    loadReviews(token, hostId, { page, eventId }),
    eventId ? loadEvent(eventId, token).then(({ event: found }) => found) : null,
  ]);
  if (event && event.host_id !== host.id) throw data({ error: 'Event not found.' }, { status: 404 });
  return data(
    {
      host: { id: host.id, name: host.name, avatarUrl: host.avatar_url },
      event: event ? { id: event.id, title: event.title, date: event.date } : null,
      stats,
      reviews,
      page,
      viewerId: user.id,
      isHost: user.id === host.id,
      replying: url.searchParams.get('reply'),
      from: originOf(request.url),
    },
    reviews.ok ? undefined : { status: reviews.status },
  );
}

/** The reviews page without the reply box or question it had open (where a reply's form returns). */
function settledAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('reply');
  url.searchParams.delete('confirm');
  url.searchParams.delete('index');
  return `${url.pathname}${url.search}`;
}

/**
 * The reviews pages' action, for the rated host: intent `reply` (ratingId, text) writes or replaces
 * the reply, `delete-reply` (ratingId) takes it away; both come back to the page with a toast. A
 * refusal stays on the page with the reply box open, its words kept and the reason beside them.
 */
export async function reviewsAction(request: Request) {
  const { token } = await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const ratingId = String(form.get('ratingId') ?? '');
  const text = String(form.get('text') ?? '');
  let result;
  if (intent === 'reply') {
    const checked = checkReply(text);
    if (!checked.ok) return data({ ratingId, error: checked.error, text }, 400);
    result = await replyToReview(token, ratingId, checked.text);
  } else if (intent === 'delete-reply') {
    result = await deleteReply(token, ratingId);
  } else {
    return data({ ratingId, error: 'Unknown action', text }, 400);
  }
  if (!result.ok) return data({ ratingId, error: result.error, text }, result.status);
  const message = intent === 'reply' ? REPLY_POSTED : REPLY_DELETED;
  return redirect(settledAddress(request), { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message }) } });
}
