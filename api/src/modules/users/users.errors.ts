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
