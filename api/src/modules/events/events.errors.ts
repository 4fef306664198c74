import { Messages } from '../../contracts/messages.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../../platform/http/domain-error.js';

export class EventNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.events.notFound);
  }
}

export class NotEventHostError extends ForbiddenError {
  constructor() {
    super(Messages.events.notHost);
  }
}

export class EventHasAcceptedApplicantsError extends ConflictError {
  constructor() {
    super(Messages.events.hasAcceptedApplicants);
  }
}

export class EventCancelledError extends ConflictError {
  constructor() {
    super(Messages.events.cancelledReadOnly);
  }
}

export class CannotReactivateEventError extends ConflictError {
  constructor() {
    super(Messages.events.cannotReactivate);
  }
}

export class NotCurationEventError extends ConflictError {
  constructor() {
    super(Messages.events.notCuration);
  }
}

export class EventAlreadyReportedError extends ConflictError {
  constructor() {
    super(Messages.events.alreadyReported);
  }
}

export class CannotReportOwnEventError extends ValidationError {
  constructor() {
    super(Messages.events.cannotReportOwn);
  }
}

export class HomeNeedsLoginError extends UnauthorizedError {
  constructor() {
    super(Messages.events.homeNeedsLogin);
  }
}
