import type { LoaderFunctionArgs } from '@remix-run/node';
import { calendarFeedResponse } from '~/lib/calendar.server';

/**
 * GET /calendar/{token}.ics: a person's calendar feed on the web's own origin (what calendar apps
 * subscribe to, as webcal:// or https://), fetched from the API's feed of the same path. No session:
 * the secret token is the key.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return calendarFeedResponse(params.file ?? '');
}
