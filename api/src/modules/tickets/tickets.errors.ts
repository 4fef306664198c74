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

export class NotCheckInHostError extends ForbiddenError {
  constructor() {
    super(TicketMessages.notHost, TicketErrorCodes.notHost);
  }
}
