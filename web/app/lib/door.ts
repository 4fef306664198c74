import { formatTicketCode, normaliseTicketCode } from '../../../api/src/contracts/ticket-code.js';
import type { CheckInView, DoorTicketView } from '../../../api/src/contracts/tickets.contract.js';

/**
 * The door device's memory for one event: the tickets it recognises offline (hashes of tokens,
 * codes, names) and the check-ins made offline that the API has not taken yet. Pure: the page
 * reads and writes it in localStorage.
 */
export interface DoorMemory {
  tickets: DoorTicketView[];
  queue: QueuedCheckIn[];
}

/** A check-in made offline: what the batch endpoint takes, the hash to recognise it again, and whom the door let in. */
export interface QueuedCheckIn {
  operationId: string;
  token?: string;
  code?: string;
  tokenHash?: string;
  scannedAt: string;
  /** As the kept list named them (a list read again may no longer hold a booking that ended). */
  name?: string;
}

/** A scan (token and its hash) or a typed code. */
export type TicketShown = { token: string; tokenHash: string | null } | { code: string };

const ticketsKey = (eventId: string) => `tribe.door.${eventId}.tickets`;
const queueKey = (eventId: string) => `tribe.door.${eventId}.queue`;
const DOOR_TICKETS_PREFIX = 'tribe.door.';

export function readDoor(store: Storage, eventId: string): DoorMemory {
  const parse = <T>(key: string): T[] => {
    try {
      const value: unknown = JSON.parse(store.getItem(key) ?? '[]');
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  };
  return { tickets: parse<DoorTicketView>(ticketsKey(eventId)), queue: parse<QueuedCheckIn>(queueKey(eventId)) };
}

export function writeDoor(store: Storage, eventId: string, memory: DoorMemory): void {
  store.setItem(ticketsKey(eventId), JSON.stringify(memory.tickets));
  store.setItem(queueKey(eventId), JSON.stringify(memory.queue));
}

/** Logout forgets the names and photos the door kept; check-ins not yet sent stay, to go when the host opens the page again. */
export function clearDoorTickets(store: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(DOOR_TICKETS_PREFIX) && key.endsWith('.tickets')) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/** The server's list, with what this device checked in but has not sent yet still marked. */
export function withServerTickets(memory: DoorMemory, server: DoorTicketView[]): DoorMemory {
  const tickets = server.map((ticket) => {
    if (ticket.checkedInAt) return ticket;
    const queued = memory.queue.find((item) => matches(ticket, item));
    return queued ? { ...ticket, checkedInAt: queued.scannedAt } : ticket;
  });
  return { tickets, queue: memory.queue };
}

const matches = (ticket: DoorTicketView, shown: { tokenHash?: string | null; code?: string }) =>
  (shown.tokenHash != null && ticket.tokenHash === shown.tokenHash) ||
  (shown.code !== undefined && ticket.code === formatTicketCode(normaliseTicketCode(shown.code) ?? ''));

/**
 * A check-in without the API: recognised from the kept list and queued to be sent, or "not a
 * ticket" (nothing queued) when the list does not hold it. A ticket already checked in on this
 * device (or by the API when the list was read) answers when.
 */
export function checkInOffline(
  memory: DoorMemory,
  shown: TicketShown,
  now: Date,
  operationId: string,
): { memory: DoorMemory; view: CheckInView } {
  const ticket = memory.tickets.find((candidate) =>
    'code' in shown ? matches(candidate, { code: shown.code }) : matches(candidate, { tokenHash: shown.tokenHash }),
  );
  if (!ticket) return { memory, view: { result: 'not_a_ticket', applicationId: null, checkedInAt: null, attendee: null } };
  const attendee = { name: ticket.name, photoUrl: ticket.photoUrl };
  const applicationId = ticket.applicationId;
  if (ticket.checkedInAt)
    return { memory, view: { result: 'already_checked_in', applicationId, checkedInAt: ticket.checkedInAt, attendee } };
  const scannedAt = now.toISOString();
  const name = ticket.name || 'Tribe member';
  const item: QueuedCheckIn =
    'code' in shown
      ? { operationId, code: shown.code, scannedAt, name }
      : { operationId, token: shown.token, tokenHash: shown.tokenHash ?? undefined, scannedAt, name };
  return {
    memory: {
      tickets: memory.tickets.map((candidate) => (candidate === ticket ? { ...candidate, checkedInAt: scannedAt } : candidate)),
      queue: [...memory.queue, item],
    },
    view: { result: 'checked_in', applicationId, checkedInAt: scannedAt, attendee },
  };
}

/** The queue once the API answered for these operations (a later scan queued meanwhile stays). */
export const withoutSent = (memory: DoorMemory, sent: readonly string[]): DoorMemory => ({
  tickets: memory.tickets,
  queue: memory.queue.filter((item) => !sent.includes(item.operationId)),
});

/**
 * Whom the API did not take of a sent batch: "not a ticket" there means the booking ended (left,
 * refunded, cancelled) before the device was back, though the device let them in. Named as the door
 * named them when it let them in, else (queued before names were kept) by their code.
 */
export function notTakenOnSync(
  sent: readonly QueuedCheckIn[],
  results: ReadonlyArray<Pick<CheckInView, 'result'> & { operationId: string }>,
): string[] {
  return results
    .filter((answer) => answer.result === 'not_a_ticket')
    .map((answer) => {
      const item = sent.find((queued) => queued.operationId === answer.operationId);
      if (item?.name) return item.name;
      return item?.code ? formatTicketCode(normaliseTicketCode(item.code) ?? '') || item.code : 'A scanned ticket';
    });
}

/** What the batch endpoint takes of a queued check-in. */
export const batchItem = ({ operationId, token, code, scannedAt }: QueuedCheckIn) => ({
  operationId,
  scannedAt,
  ...(token !== undefined ? { token } : { code: code! }),
});

/** base64url SHA-256 of a scanned token, as the door list holds it; null where the browser cannot hash (no secure context). */
export async function hashToken(token: string): Promise<string | null> {
  const subtle = typeof crypto !== 'undefined' ? crypto.subtle : undefined;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(token.trim())));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The list after the API checked a ticket in (or said it already was): a later offline scan of it answers "already". */
export function markCheckedIn(memory: DoorMemory, view: CheckInView): DoorMemory {
  if (!view.applicationId || !view.checkedInAt) return memory;
  return {
    tickets: memory.tickets.map((ticket) =>
      ticket.applicationId === view.applicationId ? { ...ticket, checkedInAt: view.checkedInAt } : ticket,
    ),
    queue: memory.queue,
  };
}

/** A uuid for one offline check-in (crypto.randomUUID needs a secure context; random bytes in the v4 layout otherwise). */
export function newOperationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
