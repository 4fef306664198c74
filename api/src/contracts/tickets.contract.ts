import { z } from 'zod';
import { normaliseTicketCode, TICKET_CODE_LENGTH } from './ticket-code.js';

/**
 * Tickets and check-in at the door (issue 25). Shared by the API and the web: the fan's ticket,
 * the host's check-in answers and the list a door device keeps for working offline.
 */
export { formatTicketCode, normaliseTicketCode, TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from './ticket-code.js';

/** How far before the event's start a device's scannedAt may go back (a door opening early, a wrong clock). */
export const CHECK_IN_EARLIEST_BEFORE_START_HOURS = 24;
/**
 * How long after the event's end (its end date, else its start plus the assumed length) the door
 * stays open, offline batches included: once an event used check-in only those checked in may rate
 * it, so a check-in days later would take that from everyone else.
 */
export const CHECK_IN_LATEST_AFTER_END_HOURS = 12;
/** The most items one offline batch sends. */
export const CHECK_IN_BATCH_MAX = 200;

export const TicketErrorCodes = {
  notAvailable: 'ticket_not_available',
  notFound: 'ticket_not_found',
  notHost: 'check_in_not_host',
  notOpen: 'check_in_not_open',
  closed: 'check_in_closed',
} as const;

export const TicketMessages = {
  notAvailable: 'Only an accepted booking has a ticket.',
  notFound: 'Ticket not found.',
  notHost: 'Only the host of this event can check people in.',
  notOpen: `Check-in opens ${CHECK_IN_EARLIEST_BEFORE_START_HOURS} hours before the event starts.`,
  closed: `Check-in closed ${CHECK_IN_LATEST_AFTER_END_HOURS} hours after the event ended.`,
  tokenOrCode: 'Give the ticket’s QR token or its short code',
  codeFormat: `must be the ticket's ${TICKET_CODE_LENGTH}-character code`,
} as const;

const token = z.string().trim().min(1).max(200);
const code = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const normalised = normaliseTicketCode(value);
    if (!normalised) ctx.addIssue({ code: 'custom', message: TicketMessages.codeFormat });
    return normalised ?? '';
  });

/** One ticket shown at the door: a scanned QR token or a short code read aloud. */
const ticketReference = z.object({ token: token.optional(), code: code.optional() });
const oneReference = (value: { token?: string; code?: string }) => (value.token === undefined) !== (value.code === undefined);

/** POST /events/{id}/check-ins */
export const checkInInputSchema = ticketReference.refine(oneReference, { message: TicketMessages.tokenOrCode });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/** POST /events/{id}/check-ins/batch: what a door device recorded while offline. */
export const checkInBatchSchema = z.object({
  items: z
    .array(
      ticketReference
        .extend({ operationId: z.uuid({ message: 'must be a valid id' }), scannedAt: z.iso.datetime({ offset: true }) })
        .refine(oneReference, { message: TicketMessages.tokenOrCode }),
    )
    .min(1)
    .max(CHECK_IN_BATCH_MAX),
});
export type CheckInBatchInput = z.infer<typeof checkInBatchSchema>;

export type CheckInResult = 'checked_in' | 'already_checked_in' | 'not_a_ticket';

export interface CheckInAttendee {
  name: string | null;
  photoUrl: string | null;
}

export interface CheckInView {
  result: CheckInResult;
  /** The booking checked in (null for not_a_ticket): the door device marks it in its list. */
  applicationId: string | null;
  /** When the ticket was (first) checked in; null for not_a_ticket. */
  checkedInAt: string | null;
  attendee: CheckInAttendee | null;
}

export interface CheckInBatchView {
  results: Array<CheckInView & { operationId: string }>;
}

/** GET /applications/{id}/ticket: the fan's own accepted booking. */
export interface TicketView {
  applicationId: string;
  /** What the QR code carries: signed, no personal data. */
  token: string;
  /** Grouped for reading aloud (K7M-2QX). */
  code: string;
  event: { id: string; title: string; date: string; location: string | null; city: string | null };
  /** When the door checked it in (the booking can no longer be left), or null. */
  checkedInAt: string | null;
}

/** One accepted attendee as the door device keeps them. */
export interface DoorTicketView {
  applicationId: string;
  fanId: string;
  name: string | null;
  photoUrl: string | null;
  code: string;
  /** base64url SHA-256 of the QR token: recognises a scan offline without holding reusable tokens. */
  tokenHash: string;
  checkedInAt: string | null;
}

/** GET /events/{id}/check-in/tickets */
export interface DoorTicketsView {
  eventId: string;
  title: string;
  date: string;
  tickets: DoorTicketView[];
}
