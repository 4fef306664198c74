/**
 * The waitlist of a full event (issue 25). waiting → offered (a seat is held for the fan until the
 * offer expires) → taken (they paid and were accepted) | expired; a live entry may be left by its fan
 * (declining an offer too), or removed (the event cancelled, the fan's account deleted or suspended).
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'taken', 'expired', 'left', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Waiting and offered entries are on the list; a fan has at most one of them per event. */
export const LIVE_WAITLIST_STATUSES: readonly WaitlistStatus[] = ['waiting', 'offered'];

/** GET /events/{id}/waitlist/me: the caller's place, and whether the event is full for newcomers. */
export interface MyWaitlistView {
  /** Seats are all taken or held, or people are already waiting: joining means joining the list. */
  full: boolean;
  /** People waiting (offers not counted). */
  waiting: number;
  /** The caller's live entry, or null when they are not on the list. */
  entry: {
    id: string;
    status: WaitlistStatus;
    /** 1-based among those waiting; null once offered. */
    position: number | null;
    offerExpiresAt: string | null;
  } | null;
}

/** One person on the list, as the host sees it. */
export interface WaitlistEntryView {
  id: string;
  status: WaitlistStatus;
  /** 1-based among those waiting; null once offered. */
  position: number | null;
  joinedAt: string;
  offerExpiresAt: string | null;
  fan: { id: string; name: string | null; photoUrl: string | null };
}

/** GET /events/{id}/waitlist (host or admin): the live list in order, and the seats free to offer. */
export interface WaitlistView {
  eventId: string;
  capacity: number | null;
  attendees: number;
  held: number;
  freeSeats: number;
  entries: WaitlistEntryView[];
}
