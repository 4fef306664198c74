import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { ForbiddenError, ValidationError } from '../../platform/http/domain-error.js';

export class CurrentPasswordIncorrectError extends ValidationError {
  constructor() {
    super(Messages.users.currentPasswordIncorrect, ErrorCodes.users.currentPasswordIncorrect);
  }
}

/** An admin suspended the account: every way of signing in refuses it until one restores it. */
export class AccountSuspendedError extends ForbiddenError {
  constructor() {
    super(Messages.auth.accountSuspended, ErrorCodes.users.accountSuspended);
  }
}
