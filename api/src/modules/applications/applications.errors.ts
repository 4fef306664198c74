import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/domain-error.js';

const codes = ErrorCodes.applications;
const pay = ErrorCodes.payments;
const messages = Messages.applications;

export class ApplicationNotFoundError extends NotFoundError {
  constructor() {
    super(messages.notFound, codes.notFound);
  }
}

export class NotApplicationHostError extends ForbiddenError {
  constructor() {
    super(messages.notHost, codes.notHost);
  }
}

export class NoSeatsToAcceptError extends ConflictError {
  constructor() {
    super(messages.eventFull, codes.eventFull);
  }
}

/** A cancelled, deleted or finished event: nobody can be accepted any more (the payment is released, never captured). */
export class EventNoLongerAdmitsError extends ConflictError {
  constructor() {
    super(messages.eventClosed, codes.eventClosed);
  }
}

export class AttendeesHiddenError extends ForbiddenError {
  constructor() {
    super(messages.attendeesHidden, codes.attendeesHidden);
  }
}

/** An illegal move of the state machine: never a silent overwrite. */
export class ApplicationAlreadyDecidedError extends ConflictError {
  constructor(status: string) {
    super(`This application is already ${status} and can no longer be changed.`, codes.illegalTransition);
  }
}

/** The application's payment is no longer an authorisation to capture or release (a state machine refusal). */
export class PaymentNotAuthorizedError extends ConflictError {
  constructor() {
    super("This application's payment is no longer authorised, so it cannot be decided.", ErrorCodes.payments.illegalTransition);
  }
}

export class OwnEventError extends ForbiddenError {
  constructor() {
    super(Messages.payments.ownEvent, pay.ownEvent);
  }
}

export class EventNotOpenError extends ConflictError {
  constructor() {
    super(Messages.payments.eventNotOpen, pay.eventNotOpen);
  }
}

export class EventFullError extends ConflictError {
  constructor() {
    super(Messages.payments.eventFull, pay.eventFull);
  }
}

export class AlreadyAppliedError extends ConflictError {
  constructor() {
    super(Messages.payments.alreadyApplied, pay.alreadyApplied);
  }
}

export class WrongAmountError extends ValidationError {
  constructor(kind: 'fixed' | 'bid') {
    super(kind === 'bid' ? Messages.payments.bidTooLow : Messages.payments.wrongAmount, kind === 'bid' ? pay.bidTooLow : pay.wrongAmount);
  }
}

export class GenderNeededError extends ValidationError {
  constructor() {
    super(Messages.payments.genderNeeded, pay.genderNeeded);
  }
}

export class PaymentNeededError extends ConflictError {
  constructor() {
    super(Messages.payments.paymentNeeded, pay.paymentNeeded);
  }
}

export class NothingToPayError extends ConflictError {
  constructor() {
    super(Messages.payments.nothingToPay, pay.nothingToPay);
  }
}

/** An accepted booking is left before its event starts, never after. */
export class LeaveAfterStartError extends ConflictError {
  constructor() {
    super(messages.leaveAfterStart, codes.leaveAfterStart);
  }
}

/** A fan checked in at the door has come: their seat is used, whenever the event starts. */
export class LeaveAfterCheckInError extends ConflictError {
  constructor() {
    super(messages.leaveAfterCheckIn, codes.leaveAfterCheckIn);
  }
}

/** The event's cancellation ends the booking with everything given back: leaving would give less. */
export class LeaveWhileCancelledError extends ConflictError {
  constructor() {
    super(messages.leaveWhileCancelled, codes.leaveWhileCancelled);
  }
}

/** The host's acceptance is still taking the payment: leaving waits until it is taken, then refunds it. */
export class PaymentSettlingError extends ConflictError {
  constructor() {
    super(messages.paymentSettling, codes.paymentSettling);
  }
}
