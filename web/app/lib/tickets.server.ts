import QRCode from 'qrcode';
import { api, ApiError, failureInit } from './api.server';
import type {
  CheckInBatchInput,
  CheckInBatchView,
  CheckInInput,
  CheckInView,
  DoorTicketsView,
  TicketView,
} from '../../../api/src/contracts/tickets.contract.js';

/** A ticket with its QR code drawn on the server (an SVG: sharp at any size, nothing for the browser to run). */
export type ShownTicket = TicketView & { qrSvg: string };

/** GET /applications/{id}/ticket, with its QR code; null when it has none (no longer accepted) or cannot be read now. */
export async function loadTicket(token: string, applicationId: string): Promise<ShownTicket | null> {
  try {
    const ticket = await api<TicketView>(`/applications/${encodeURIComponent(applicationId)}/ticket`, { token });
    const qrSvg = await QRCode.toString(ticket.token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { ...ticket, qrSvg };
  } catch {
    return null;
  }
}

/** GET /events/{id}/check-in/tickets: what the door device keeps; null when it cannot be read now (the device's copy serves). */
export async function loadDoorTickets(token: string, eventId: string): Promise<DoorTicketsView | null> {
  try {
    return await api<DoorTicketsView>(`/events/${encodeURIComponent(eventId)}/check-in/tickets`, { token });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw error;
    return null;
  }
}

export type Forwarded<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

async function forward<T>(call: () => Promise<T>): Promise<Forwarded<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, status: failureInit(error).status, error: error instanceof Error ? error.message : 'Check-in failed' };
  }
}

export const checkInOnline = (token: string, eventId: string, body: CheckInInput) =>
  forward(() => api<CheckInView>(`/events/${encodeURIComponent(eventId)}/check-ins`, { method: 'POST', token, body }));

export const sendCheckInBatch = (token: string, eventId: string, body: CheckInBatchInput) =>
  forward(() => api<CheckInBatchView>(`/events/${encodeURIComponent(eventId)}/check-ins/batch`, { method: 'POST', token, body }));
