import { data, redirect } from '@remix-run/node';
import { api, ApiError, failureInit, fetchApi, UNAVAILABLE_MESSAGE } from './api.server';
import { CALENDAR_FEED_INTENTS, feedLinks } from './calendar';
import { loginPathFor } from './redirects';
import { flashToast, getToken, safeReturnTo } from './session.server';
import type { CalendarFeedView, NewCalendarFeedView } from '../../../api/src/contracts/calendar.contract.js';

/** The API's iCalendar answer passed on with its type, file name and caching; undefined when it is not one. */
function passedOn(response: Response): Response | undefined {
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || !type.toLowerCase().startsWith('text/calendar') || !response.body) return undefined;
  const headers = new Headers({ 'Content-Type': type, 'Cache-Control': response.headers.get('Cache-Control') ?? 'private, no-store' });
  const disposition = response.headers.get('Content-Disposition');
  if (disposition) headers.set('Content-Disposition', disposition);
  return new Response(response.body, { status: 200, headers });
}

/**
 * GET /calendar/{token}.ics on the web's origin: the API's feed as it is, with no session (calendar
 * apps have none). Any failure is a plain 404 or 503, saying nothing about the token.
 */
export async function calendarFeedResponse(file: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetchApi(`/api/v1/calendar/${encodeURIComponent(file)}`, { method: 'GET', headers: { Accept: 'text/calendar' } });
  } catch {
    return new Response(UNAVAILABLE_MESSAGE, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
    });
  }
  const passed = passedOn(response);
  if (passed) return passed;
  await response.body?.cancel();
  const status = response.status === 503 ? 503 : 404;
  return new Response(status === 404 ? 'Calendar feed not found.' : UNAVAILABLE_MESSAGE, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * GET /resources/calendar/{eventId}?returnTo=…: the event's .ics invite with the session's token.
 * When it cannot be had the person goes back to `returnTo` with the API's message as a toast (to
 * /login first without a session).
 */
export async function inviteDownloadResponse(request: Request, eventId: string): Promise<Response> {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'), '/my-bookings');
  const token = await getToken(request);
  if (!token) return redirect(loginPathFor(returnTo));
  let message = UNAVAILABLE_MESSAGE;
  try {
    const response = await fetchApi(`/api/v1/events/${encodeURIComponent(eventId)}/calendar.ics`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/calendar, application/json' },
    });
    const passed = passedOn(response);
    if (passed) return passed;
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    if (body?.error) message = body.error;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  const cookie = await flashToast(request, { kind: 'error', message });
  return redirect(returnTo, { headers: { 'Set-Cookie': cookie } });
}

/** Whether the person has a feed; null when the API could not say. */
export async function loadCalendarFeed(token: string): Promise<CalendarFeedView | null> {
  try {
    return await api<CalendarFeedView>('/users/me/calendar-feed', { token });
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

export const createCalendarFeed = (token: string) => api<NewCalendarFeedView>('/users/me/calendar-feed', { method: 'POST', token });

export const revokeCalendarFeed = (token: string) => api<unknown>('/users/me/calendar-feed', { method: 'DELETE', token });

/** What the settings page shows after making a feed: its link, this once. */
export type CalendarFeedAnswer =
  { form: 'calendar-feed'; links: { https: string; webcal: string } } | { form: 'calendar-feed'; error: string };

/**
 * The settings page's calendar feed buttons: `create` (also a new link for an existing feed) answers
 * the new link on the web's own origin, shown once; `revoke` goes back to /settings with a toast.
 */
export async function calendarFeedAction(request: Request, token: string, intent: string) {
  try {
    if (intent === CALENDAR_FEED_INTENTS.revoke) {
      await revokeCalendarFeed(token);
      const cookie = await flashToast(request, { kind: 'success', message: 'Calendar feed turned off. Its link no longer works.' });
      return redirect('/settings', { headers: { 'Set-Cookie': cookie } });
    }
    const created = await createCalendarFeed(token);
    return data({ form: 'calendar-feed', links: feedLinks(new URL(request.url).origin, created.path) } satisfies CalendarFeedAnswer);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ form: 'calendar-feed', error: error.message } satisfies CalendarFeedAnswer, failureInit(error));
  }
}
