import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { validationMessage } from '../../contracts/validation-message.js';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/http/domain-error.js';

const codes = ErrorCodes.adminNotifications;

/** Ids named in a refusal; the rest are counted. */
const NAMED_IDS = 5;

export class AdminNotificationNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.adminNotifications.notFound, codes.notFound);
  }
}

export class AdminNotificationNotSentError extends ConflictError {
  constructor() {
    super(Messages.adminNotifications.notSent, codes.notSent);
  }
}

export class NothingToRetryError extends ConflictError {
  constructor() {
    super(Messages.adminNotifications.nothingToRetry, codes.nothingToRetry);
  }
}

/** Deliveries failed, but none would be sent now (muted since, read or dismissed, or a day old). */
export class NothingWorthRetryingError extends ConflictError {
  constructor() {
    super(Messages.adminNotifications.nothingWorthRetrying, codes.nothingWorthRetrying);
  }
}

/** "audience.user_ids: no such person: <id>, <id> and 3 more" (unknown, or a deleted account). */
export function unknownUsersError(ids: string[]): ValidationError {
  const more = ids.length > NAMED_IDS ? ` and ${ids.length - NAMED_IDS} more` : '';
  return new ValidationError(
    validationMessage('audience.user_ids', `no such person: ${ids.slice(0, NAMED_IDS).join(', ')}${more}`),
    codes.unknownUsers,
  );
}
