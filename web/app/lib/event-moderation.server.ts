import { api } from './api.server';
import { write, type WriteResult } from './event-writes.server';
import { readForPage as read, type PageRead } from './page-reads.server';
import type { EventReviewView, ReviewQueueFilter, ReviewQueuePage } from '../../../api/src/contracts/event-moderation.contract.js';

/** GET /admin/events/review: one queue, oldest first, from `cursor` on. */
export function loadReviewQueue(token: string, filter: ReviewQueueFilter, cursor: string | null): Promise<PageRead<ReviewQueuePage>> {
  const query = new URLSearchParams({ filter, ...(cursor ? { cursor } : {}) });
  return read(() => api<ReviewQueuePage>(`/admin/events/review?${query}`, { token }), 'Failed to load the review queue');
}

/** GET /admin/events/{id}/review: the event, its moderation, open reports and admin history. */
export function loadEventReview(token: string, eventId: string): Promise<PageRead<EventReviewView>> {
  return read(() => api<EventReviewView>(`/admin/events/${encodeURIComponent(eventId)}/review`, { token }), 'Failed to load the event');
}

export type ModerationDecision = 'approve' | 'reject' | 'take-down';

/** POST /admin/events/{id}/approve | reject | take-down (the last two with the reason). */
export function decideEvent(
  token: string,
  eventId: string,
  decision: ModerationDecision,
  reason?: string,
): Promise<WriteResult<EventReviewView>> {
  return write(() =>
    api<EventReviewView>(`/admin/events/${encodeURIComponent(eventId)}/${decision}`, {
      method: 'POST',
      token,
      body: decision === 'approve' ? {} : { reason },
    }),
  );
}
