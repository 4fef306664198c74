import { isDeepStrictEqual } from 'node:util';
import { REVIEWED_EVENT_FIELDS, type PendingEventChanges } from '../../contracts/event-moderation.contract.js';
import { type ModerationStatus } from '../../contracts/event.contract.js';
import { type Event } from './entities/event.entity.js';

/** Who is editing or creating: an admin, a verified host (the badge), or any other host. */
export type Author = 'admin' | 'verified' | 'unverified';

/** A new event is listed at once when an admin or a verified host makes it; otherwise it waits for review. */
export const initialModerationStatus = (author: Author): ModerationStatus => (author === 'unverified' ? 'pending_review' : 'published');

type ModeratedState = Pick<Event, 'moderationStatus' | 'pendingChanges' | 'reviewRequestedAt' | 'moderationReason'> &
  Pick<Event, (typeof REVIEWED_EVENT_FIELDS)[number]>;

/** The moderation columns an edit sets beside the fields it changes. */
export type ModerationChanges = Partial<Pick<Event, 'moderationStatus' | 'pendingChanges' | 'reviewRequestedAt' | 'moderationReason'>>;

export interface ModeratedEdit {
  /** The changes written to the event now (what the public sees). */
  applied: Partial<Event>;
  moderation: ModerationChanges;
}

/**
 * Where an edit goes. A rejected event edited by its host is resubmitted (back in the queue). An
 * unverified host's change of title, description or photos on a published event is held as pending
 * changes (the event stays listed as it was) and queued; setting a field back to what is listed
 * drops it from the pending ones. Anything else applies at once.
 */
export function moderateEdit(event: ModeratedState, changes: Partial<Event>, author: Author, now: Date): ModeratedEdit {
  if (author === 'admin') return { applied: changes, moderation: {} };
  if (event.moderationStatus === 'rejected') {
    return { applied: changes, moderation: { moderationStatus: 'pending_review', reviewRequestedAt: now, moderationReason: null } };
  }
  if (event.moderationStatus !== 'published' || author === 'verified') return { applied: changes, moderation: {} };

  const applied = { ...changes };
  const pending: PendingEventChanges = { ...event.pendingChanges };
  let touched = false;
  for (const field of REVIEWED_EVENT_FIELDS) {
    if (!(field in changes)) continue;
    touched = true;
    const value = changes[field];
    delete applied[field];
    if (isDeepStrictEqual(value, event[field])) delete pending[field];
    else Object.assign(pending, { [field]: value });
  }
  if (!touched) return { applied, moderation: {} };
  if (Object.keys(pending).length === 0) return { applied, moderation: { pendingChanges: null, reviewRequestedAt: null } };
  return {
    applied,
    moderation: { pendingChanges: pending, reviewRequestedAt: event.reviewRequestedAt ?? now, moderationReason: null },
  };
}

/** What an admin's decision may act on: a new event waiting for review, or a published one's pending changes. */
export type ReviewSubject = 'new' | 'edited' | null;

export function reviewSubject(event: Pick<Event, 'status' | 'moderationStatus' | 'pendingChanges'>): ReviewSubject {
  if (event.status !== 'active') return null;
  if (event.moderationStatus === 'pending_review') return 'new';
  if (event.moderationStatus === 'published' && event.pendingChanges) return 'edited';
  return null;
}
