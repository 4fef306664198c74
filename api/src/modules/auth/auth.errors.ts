import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { ValidationError } from '../../platform/http/domain-error.js';

export class CurrentPasswordIncorrectError extends ValidationError {
  constructor() {
    super(Messages.users.currentPasswordIncorrect, ErrorCodes.users.currentPasswordIncorrect);
  }
}
