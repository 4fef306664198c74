import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { NotFoundError } from '../../platform/http/domain-error.js';

/** Also for another person's notification: whether it exists is not theirs to know. */
export class NotificationNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.notifications.notFound, ErrorCodes.notifications.notFound);
  }
}
