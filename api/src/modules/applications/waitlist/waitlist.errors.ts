import { ErrorCodes } from '../../../contracts/error-codes.js';
import { Messages } from '../../../contracts/messages.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/http/domain-error.js';

const codes = ErrorCodes.waitlist;
const messages = Messages.waitlist;

/** Joining the list of an event that still has seats for newcomers: apply instead. */
export class SeatsAvailableError extends ConflictError {
  constructor() {
    super(messages.seatsAvailable, codes.seatsAvailable);
  }
}

export class AlreadyOnWaitlistError extends ConflictError {
  constructor() {
    super(messages.alreadyOnList, codes.alreadyOnList);
  }
}

export class NotOnWaitlistError extends NotFoundError {
  constructor() {
    super(messages.notOnList, codes.notOnList);
  }
}

export class WaitlistEntryNotFoundError extends NotFoundError {
  constructor() {
    super(messages.entryNotFound, codes.notOnList);
  }
}

export class NotWaitlistHostError extends ForbiddenError {
  constructor() {
    super(messages.notHost, codes.notHost);
  }
}

export class NoFreeSeatError extends ConflictError {
  constructor() {
    super(messages.noFreeSeat, codes.noFreeSeat);
  }
}

export class EntryNotWaitingError extends ConflictError {
  constructor() {
    super(messages.notWaiting, codes.notWaiting);
  }
}
