import { ErrorCodes } from '../../contracts/error-codes.js';
import type { EventRuleViolation } from '../../contracts/event.contract.js';
import { ModerationErrorCodes, ModerationMessages } from '../../contracts/event-moderation.contract.js';
import { Messages } from '../../contracts/messages.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../platform/http/domain-error.js';

const codes = ErrorCodes.events;

export class EventNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.events.notFound, codes.notFound);
  }
}

export class NotEventHostError extends ForbiddenError {
  constructor() {
    super(Messages.events.notHost, codes.notHost);
  }
}

export class EventHasAcceptedApplicantsError extends ConflictError {
  constructor() {
    super(Messages.events.hasAcceptedApplicants, codes.hasAcceptedApplicants);
  }
}

export class EventCancelledError extends ConflictError {
  constructor() {
    super(Messages.events.cancelledReadOnly, codes.cancelledReadOnly);
  }
}

export class CannotReactivateEventError extends ConflictError {
  constructor() {
    super(Messages.events.cannotReactivate, codes.cannotReactivate);
  }
}

/** Cancelling refunds everyone and ends every booking: once the event has begun, that is an admin's call. */
export class StartedEventCancelError extends ConflictError {
  constructor() {
    super(Messages.events.startedCannotCancel, codes.startedCannotCancel);
  }
}

export class NotCurationEventError extends ConflictError {
  constructor() {
    super(Messages.events.notCuration, codes.notCuration);
  }
}

/** Converting an event whose date is still to be decided, without giving it a date. */
export class ConvertNeedsDateError extends ValidationError {
  constructor() {
    super(Messages.events.convertNeedsDate, codes.convertNeedsDate);
  }
}

export class EventAlreadyReportedError extends ConflictError {
  constructor() {
    super(Messages.events.alreadyReported, codes.alreadyReported);
  }
}

export class CannotReportOwnEventError extends ValidationError {
  constructor() {
    super(Messages.events.cannotReportOwn, codes.cannotReportOwn);
  }
}

export class HomeNeedsLoginError extends UnauthorizedError {
  constructor() {
    super(Messages.events.homeNeedsLogin, codes.homeNeedsLogin);
  }
}

/** An edit that moves the start into the past. */
export class EventStartNotFutureError extends ValidationError {
  constructor() {
    super('date: must be in the future', codes.startNotFuture);
  }
}

/** A broken rule between fields (end before start, missing prices, age groups). */
export class EventRuleError extends ValidationError {
  constructor(violation: EventRuleViolation) {
    super(violation.message, violation.code);
  }
}

/** Approving or refusing an event with nothing waiting for review: decided already (perhaps by another admin a moment ago). */
export class EventNotUnderReviewError extends ConflictError {
  constructor() {
    super(ModerationMessages.notUnderReview, ModerationErrorCodes.notUnderReview);
  }
}

/** Taking down an event that is already cancelled (by its host, or taken down already). */
export class EventAlreadyCancelledError extends ConflictError {
  constructor() {
    super(ModerationMessages.alreadyCancelled, ModerationErrorCodes.alreadyCancelled);
  }
}

export class BadReviewCursorError extends ValidationError {
  constructor() {
    super(ModerationMessages.badCursor, ModerationErrorCodes.badCursor);
  }
}
