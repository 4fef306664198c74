import { CalendarErrorCodes, CalendarMessages } from '../../contracts/calendar.contract.js';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/domain-error.js';

/** Also for an event the asker may not see (unpublished, and not theirs): as if absent, like GET /events/{id}. */
export class CalendarEventNotFoundError extends NotFoundError {
  constructor() {
    super(CalendarMessages.eventNotFound, ErrorCodes.events.notFound);
  }
}

/** A listed event the asker neither hosts nor is accepted to. */
export class NotCalendarAttendeeError extends ForbiddenError {
  constructor() {
    super(CalendarMessages.notAttendee, CalendarErrorCodes.notAttendee);
  }
}

export class CalendarDateToBeDecidedError extends ConflictError {
  constructor() {
    super(CalendarMessages.dateToBeDecided, CalendarErrorCodes.dateToBeDecided);
  }
}

/** Unknown, rotated or revoked token (or its owner left or is suspended): nothing says which. */
export class CalendarFeedNotFoundError extends NotFoundError {
  constructor() {
    super(CalendarMessages.feedNotFound, CalendarErrorCodes.feedNotFound);
  }
}
