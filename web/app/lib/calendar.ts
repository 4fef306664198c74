/** The settings form's intents for the calendar feed (the settings action answers them). */
export const CALENDAR_FEED_INTENTS = { create: 'calendar-feed-create', revoke: 'calendar-feed-revoke' } as const;

/** The two forms of a calendar feed link: https:// to copy, webcal:// to open in a calendar app. */
export function feedLinks(origin: string, path: string): { https: string; webcal: string } {
  const https = new URL(path, origin).href;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

/** The web's download route of an event's invite, coming back to `returnTo` when it cannot be had. */
export const invitePath = (eventId: string, returnTo: string): string =>
  `/resources/calendar/${encodeURIComponent(eventId)}?returnTo=${encodeURIComponent(returnTo)}`;
