import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/domain-error.js';

const CONSTRAINT_MESSAGES: Record<string, string> = {
  users_email_key: Messages.auth.emailTaken,
  users_username_key: Messages.users.usernameTaken,
};

export function profileConflict(constraint: string): ConflictError {
  return new ConflictError(CONSTRAINT_MESSAGES[constraint] ?? 'This value is already taken');
}

export class AdminRoleSwitchError extends ForbiddenError {
  constructor() {
    super('Admins cannot switch between fan and influencer views');
  }
}

export class InfluencerNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.events.influencerNotFound, ErrorCodes.events.influencerNotFound);
  }
}

export class NotAnInfluencerError extends ConflictError {
  constructor() {
    super(Messages.users.onlyInfluencersVerified, ErrorCodes.users.notAnInfluencer);
  }
}

/** A gender-priced booking is open: its price holds until it is over. */
export class GenderLockedError extends ConflictError {
  constructor() {
    super(Messages.users.genderLocked, ErrorCodes.users.genderLocked);
  }
}

export class MobileNumberSignsInError extends ConflictError {
  constructor() {
    super(Messages.users.mobileNumberSignsIn, ErrorCodes.users.mobileNumberSignsIn);
  }
}

export class AlreadySuspendedError extends ConflictError {
  constructor() {
    super(Messages.people.alreadySuspended, ErrorCodes.users.alreadySuspended);
  }
}

export class NotSuspendedError extends ConflictError {
  constructor() {
    super(Messages.people.notSuspended, ErrorCodes.users.notSuspended);
  }
}

/** Admins answer to each other, not to suspension: an admin's rights are taken away first, another way. */
export class CannotSuspendAdminError extends ForbiddenError {
  constructor(self: boolean) {
    super(self ? Messages.people.cannotSuspendSelf : Messages.people.cannotSuspendAdmin, ErrorCodes.users.cannotSuspendAdmin);
  }
}

export class NoGovernmentIdError extends NotFoundError {
  constructor() {
    super(Messages.people.noGovernmentId, ErrorCodes.users.noGovernmentId);
  }
}

export class GovernmentIdLinkInvalidError extends ForbiddenError {
  constructor() {
    super(Messages.people.governmentIdLinkInvalid, ErrorCodes.users.governmentIdLinkInvalid);
  }
}
