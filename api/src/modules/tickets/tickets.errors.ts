import { TicketErrorCodes, TicketMessages } from '../../contracts/tickets.contract.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/domain-error.js';

/** Nobody else's booking, and no booking at all, look the same. */
export class TicketNotFoundError extends NotFoundError {
  constructor() {
    super(TicketMessages.notFound, TicketErrorCodes.notFound);
  }
}

/** Pending, rejected, left or cancelled: only an accepted booking admits its fan. */
export class TicketNotAvailableError extends ConflictError {
  constructor() {
    super(TicketMessages.notAvailable, TicketErrorCodes.notAvailable);
  }
}

/**
 * The door closes twelve hours after the end: a check-in later would take rating the event from
 * everyone else who came (once an event used check-in, only those checked in may rate it).
 */
export class CheckInClosedError extends ConflictError {
  constructor() {
    super(TicketMessages.closed, TicketErrorCodes.closed);
  }
}

/**
 * The door opens a day before the start: a check-in earlier would mean nothing, and would take away
 * the attendee's right to leave while their booking is still refundable.
 */
export class CheckInNotOpenError extends ConflictError {
  constructor() {
    super(TicketMessages.notOpen, TicketErrorCodes.notOpen);
  }
}

export class NotCheckInHostError extends ForbiddenError {
  constructor() {
    super(TicketMessages.notHost, TicketErrorCodes.notHost);
  }
}
