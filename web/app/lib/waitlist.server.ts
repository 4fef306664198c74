import { api } from './api.server';
import { write } from './event-writes.server';
import type { MyWaitlistView, WaitlistView } from '../../../api/src/contracts/waitlist.contract.js';

const base = (eventId: string) => `/events/${encodeURIComponent(eventId)}/waitlist`;

/** The fan's place on the event's waitlist, and whether the event is full; null when it cannot be read (Apply shows, and the API decides). */
export function loadMyWaitlist(token: string, eventId: string): Promise<MyWaitlistView | null> {
  return api<MyWaitlistView>(`${base(eventId)}/me`, { token }).catch(() => null);
}

export function joinWaitlist(token: string, eventId: string) {
  return write(() => api<MyWaitlistView>(base(eventId), { method: 'POST', token, body: {} }));
}

/** Leaves the list, or declines an offer. */
export function leaveWaitlist(token: string, eventId: string) {
  return write(() => api<MyWaitlistView>(base(eventId), { method: 'DELETE', token }));
}

export function loadWaitlist(token: string, eventId: string) {
  return write(() => api<WaitlistView>(base(eventId), { token }));
}

export function offerSeat(token: string, eventId: string, entryId: string) {
  return write(() => api<WaitlistView>(`${base(eventId)}/${encodeURIComponent(entryId)}/offer`, { method: 'POST', token, body: {} }));
}
