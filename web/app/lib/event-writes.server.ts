import { api, ApiError, failureInit } from './api.server';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';

/** An API refusal of a write comes back as a value (the status to answer with, see failureInit; the API's message and code), never thrown. */
export type WriteResult<T> = { ok: true; value: T } | { ok: false; status: number; error: string; code: string | null };

export async function write<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: failureInit(error).status, error: error.message, code: error.code };
    throw error;
  }
}

export function createEvent(token: string, body: Record<string, unknown>) {
  return write(() => api<EventView>('/events', { method: 'POST', token, body }));
}

export function updateEvent(token: string, id: string, body: Record<string, unknown>) {
  return write(() => api<EventView>(`/events/${encodeURIComponent(id)}`, { method: 'PUT', token, body }));
}

export function cancelEvent(token: string, id: string) {
  return write(() => api<EventView>(`/events/${encodeURIComponent(id)}/cancel`, { method: 'POST', token, body: {} }));
}

/** `date` (ISO) gives an event whose date is still to be decided its date in the same step. */
export function convertEventToConfirmed(token: string, id: string, body: { date?: string } = {}) {
  return write(() => api<EventView>(`/events/${encodeURIComponent(id)}/convert-to-confirmed`, { method: 'POST', token, body }));
}

export function reportEvent(token: string, id: string, reason: string) {
  return write(() => api<unknown>(`/events/${encodeURIComponent(id)}/report`, { method: 'POST', token, body: { reason } }));
}
