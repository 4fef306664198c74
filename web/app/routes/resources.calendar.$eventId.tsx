import type { LoaderFunctionArgs } from '@remix-run/node';
import { inviteDownloadResponse } from '~/lib/calendar.server';

/**
 * GET /resources/calendar/{eventId}?returnTo=…: the event's .ics invite (the event page's and
 * /my-bookings' "Add to calendar"), fetched with the session's token (the browser never holds it).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return inviteDownloadResponse(request, params.eventId ?? '');
}
