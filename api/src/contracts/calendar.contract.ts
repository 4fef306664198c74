/**
 * Calendar invites and feeds (issue 25). Base path /api/v1. docs/decisions.md "Calendar".
 *
 * | Method and path                      | Answer                                                          |
 * |--------------------------------------|-----------------------------------------------------------------|
 * | GET    /events/{id}/calendar.ics     | text/calendar download (accepted fans, the host, admins)        |
 * | GET    /users/me/calendar-feed       | CalendarFeedView (whether the caller has a feed)                |
 * | POST   /users/me/calendar-feed       | 201 NewCalendarFeedView: a new secret link (the old one stops)  |
 * | DELETE /users/me/calendar-feed       | 204: the link stops working                                     |
 * | GET    /calendar/{token}.ics         | text/calendar feed, no login (unknown or revoked token: 404)    |
 *
 * The web serves the feed at the same path on its own origin (web/app/routes/calendar.$file.tsx).
 */

export const CalendarLimits = {
  /** Calendar apps are asked to read a feed again after this long. */
  feedRefreshHours: 1,
  /** Seconds a feed or invite may be kept by the app that asked (never by shared caches). */
  cacheSeconds: 300,
  /** A cancelled event stays in feeds (as STATUS:CANCELLED) this long after its cancellation. */
  cancelledShownDays: 30,
  /** An ended event stays in feeds this long after its end, so a calendar keeps last week's entries. */
  endedShownDays: 30,
  /** At most this many events in one feed, the soonest first. */
  feedMaxEvents: 200,
} as const;

export const CalendarMessages = {
  eventNotFound: 'Event not found.',
  notAttendee: 'Only the accepted attendees and the host of this event can add it to their calendar.',
  dateToBeDecided: 'This event’s date is still to be decided. Its calendar invite will be ready once it has a date.',
  feedNotFound: 'Calendar feed not found.',
} as const;

export const CalendarErrorCodes = {
  notAttendee: 'calendar_not_attendee',
  dateToBeDecided: 'calendar_date_to_be_decided',
  feedNotFound: 'calendar_feed_not_found',
} as const;

/** GET /users/me/calendar-feed. Only the token's hash is kept: the link itself is shown once, when made. */
export interface CalendarFeedView {
  active: boolean;
  created_at: string | null;
}

/** POST /users/me/calendar-feed: the new link's path, to be put after the web's origin (https:// or webcal://). */
export interface NewCalendarFeedView extends CalendarFeedView {
  active: true;
  created_at: string;
  path: string;
}

/** The feed's path for a token (the API and the web answer it alike). */
export const calendarFeedPath = (token: string): string => `/calendar/${token}.ics`;

/** A feed file name as the path carries it: the token (32 random bytes, base64url) and `.ics`. */
export const CALENDAR_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
