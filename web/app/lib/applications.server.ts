import { data, redirect } from '@remix-run/node';
import { api, ApiError, failureInit, isUnavailable } from './api.server';
import { requireUser } from './auth.server';
import { loadOwnEvent } from './event-detail.server';
import type { WriteResult } from './event-writes.server';
import { flashToast } from './session.server';
import { Messages } from '../../../api/src/contracts/messages.js';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import type {
  ApplicationView,
  AttendeeView,
  HostApplicationView,
  LeaveResult,
  LeavingPreview,
} from '../../../api/src/contracts/applications.contract.js';
import type { TransactionView } from '../../../api/src/contracts/payments.contract.js';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';
import type { Pagination } from '../../../api/src/contracts/event/pagination.js';
import type { ToastMessage } from './toast';

/** An event the signed-in fan applied to, as GET /users/me/events answers it. */
export type BookedEvent = EventView & { bid_amount: number | null; bid_status: string | null; application_id: string | null };

/** A list read for a page: the rows, or the message to show in their place (and the status to answer with). */
export type ListRead<T> = { ok: true; items: T[] } | { ok: false; error: string; status: number };

async function readList<T>(read: () => Promise<T[]>, failure: string): Promise<ListRead<T>> {
  try {
    return { ok: true, items: await read() };
  } catch (error) {
    // A 401 is the session ending: the next page's root loader signs the visitor out and says so.
    const { status } = failureInit(error);
    return { ok: false, error: isUnavailable(error) ? error.message : failure, status };
  }
}

/** GET /applications/mine: the fan's applications, newest first. */
export function loadMyApplications(token: string): Promise<ListRead<ApplicationView>> {
  return readList(() => api<ApplicationView[]>('/applications/mine', { token }), 'Failed to load your applications');
}

/** GET /users/me/events: the events the fan applied to, with their bid and its status (up to 5 pages of 100). */
export function loadBookedEvents(token: string): Promise<ListRead<BookedEvent>> {
  return readList(async () => {
    const events: BookedEvent[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const result = await api<{ data: BookedEvent[]; pagination?: Pagination } | BookedEvent[]>('/users/me/events', {
        token,
        query: { page, limit: 100 },
      });
      if (Array.isArray(result)) return result;
      events.push(...(result.data ?? []));
      if (!result.pagination?.hasNext) break;
    }
    return events;
  }, 'Failed to load your bookings');
}

/** GET /payments/transactions: the signed-in person's payments, newest first. */
export function loadTransactions(token: string): Promise<ListRead<TransactionView>> {
  return readList(() => api<TransactionView[]>('/payments/transactions', { token }), Messages.payments.loadHistoryFailed);
}

/** GET /applications/pending: pending applications on the caller's own events, newest first. */
export function loadPendingApplications(token: string): Promise<ListRead<HostApplicationView>> {
  return readList(() => api<HostApplicationView[]>('/applications/pending', { token }), 'Failed to load applications');
}

/**
 * GET /applications/event/{id}: every application to one event (its host or an admin). Someone
 * else gets the API's 403 as the page's answer (the forbidden page).
 */
export async function loadEventApplications(token: string, eventId: string): Promise<ListRead<HostApplicationView>> {
  try {
    return { ok: true, items: await api<HostApplicationView[]>(`/applications/event/${encodeURIComponent(eventId)}`, { token }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw data({ error: error.message }, { status: 403 });
    if (error instanceof ApiError && error.status === 404) throw data({ error: Messages.events.notFound }, { status: 404 });
    const { status } = failureInit(error);
    return { ok: false, error: isUnavailable(error) ? error.message : 'Failed to load applications', status };
  }
}

export type AttendeesRead = { ok: true; attendees: AttendeeView[] } | { ok: false; hidden: boolean; error: string; status: number };

/** GET /events/{id}/attendees. A list the host keeps private (403 attendees_hidden) says so. */
export async function loadAttendees(token: string, eventId: string): Promise<AttendeesRead> {
  try {
    return { ok: true, attendees: await api<AttendeeView[]>(`/events/${encodeURIComponent(eventId)}/attendees`, { token }) };
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCodes.applications.attendeesHidden) {
      return { ok: false, hidden: true, error: Messages.applications.attendeesHidden, status: 403 };
    }
    if (error instanceof ApiError && error.status === 404) throw data({ error: Messages.events.notFound }, { status: 404 });
    const { status } = failureInit(error);
    return { ok: false, hidden: false, error: isUnavailable(error) ? error.message : 'Failed to load attendees', status };
  }
}

export type Decision = 'accept' | 'reject';

export const isDecision = (value: unknown): value is Decision => value === 'accept' || value === 'reject';

/** POST /applications/{id}/accept or /reject (empty body). */
export async function decideApplication(token: string, id: string, decision: Decision): Promise<WriteResult<ApplicationView>> {
  try {
    return {
      ok: true,
      value: await api<ApplicationView>(`/applications/${encodeURIComponent(id)}/${decision}`, { method: 'POST', token }),
    };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: failureInit(error).status, error: error.message, code: error.code };
    throw error;
  }
}

/**
 * The toast a decision ends with (SPEC §4, §8): "Application accepted! Payment will be captured." or
 * "Application rejected. ..."; on failure "Failed to accept application. Please try again." with the
 * API's reason under it when it gave one (the event is full, the application was already decided).
 */
export function decisionToast(decision: Decision, result: WriteResult<unknown>): ToastMessage {
  if (result.ok)
    return { kind: 'success', message: decision === 'accept' ? Messages.applications.accepted : Messages.applications.rejected };
  const failed = decision === 'accept' ? Messages.applications.acceptFailed : Messages.applications.rejectFailed;
  // A refusal (4xx) carries a reason worth reading; a server failure does not.
  if (result.status >= 400 && result.status < 500) return { kind: 'error', title: failed, message: result.error };
  return { kind: 'error', message: failed };
}

/** What the decision forms send: `intent` accept or reject, and `applicationId`. */
export function readDecision(form: FormData): { decision: Decision; applicationId: string } | null {
  const decision = form.get('intent');
  const applicationId = String(form.get('applicationId') ?? '').trim();
  return isDecision(decision) && applicationId ? { decision, applicationId } : null;
}

/**
 * The host pages' action: accept or reject one application, then back to `returnTo` with the
 * toast that says how it went (works without JavaScript; with it, the row's fetcher follows).
 */
/** Accept or reject, then back to the page the form was on (each host page posts to itself). */
export async function decisionAction(request: Request) {
  const returnTo = new URL(request.url).pathname;
  const { token } = await requireUser(request);
  const sent = readDecision(await request.formData());
  if (!sent) return data({ error: 'Choose an application and accept or reject it.' }, { status: 400 });
  const result = await decideApplication(token, sent.applicationId, sent.decision);
  return redirect(returnTo, { headers: { 'Set-Cookie': await flashToast(request, decisionToast(sent.decision, result)) } });
}

/** The loader of /event/{id}/applications and /event/{id}/manage-application: the host's event and its applications. */
export async function loadEventApplicationsPage(request: Request, eventId: string) {
  const auth = await requireUser(request);
  const event = await loadOwnEvent(eventId, auth);
  const applications = await loadEventApplications(auth.token, event.id);
  return { event: { id: event.id, title: event.title }, applications, now: Date.now() };
}

/** GET /applications/{id}/leave: what leaving the fan's own booking now gives back. */
export function loadLeavingPreview(token: string, id: string): Promise<LeavingPreview> {
  return api<LeavingPreview>(`/applications/${encodeURIComponent(id)}/leave`, { token });
}

/** POST /applications/{id}/leave: the fan leaves their own booking. */
export async function leaveBooking(token: string, id: string): Promise<WriteResult<LeaveResult>> {
  try {
    return { ok: true, value: await api<LeaveResult>(`/applications/${encodeURIComponent(id)}/leave`, { method: 'POST', token }) };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: failureInit(error).status, error: error.message, code: error.code };
    throw error;
  }
}
