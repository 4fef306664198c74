import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/domain-error.js';

const codes = ErrorCodes.payouts;
const messages = Messages.payouts;

export class PaymentProfileNotFoundError extends NotFoundError {
  constructor() {
    super(messages.profileNotFound, codes.profileNotFound);
  }
}

export class HostsOnlyError extends ForbiddenError {
  constructor() {
    super(messages.hostsOnly, codes.hostsOnly);
  }
}

export class PayoutNotFoundError extends NotFoundError {
  constructor() {
    super(messages.payoutNotFound, codes.payoutNotFound);
  }
}

export class PayoutEventNotFoundError extends NotFoundError {
  constructor() {
    super(Messages.events.notFound, ErrorCodes.events.notFound);
  }
}

/** Names what is owed now, so the admin can record that instead. */
export class PayoutExceedsOwedError extends ConflictError {
  constructor(owed: number) {
    super(`${messages.exceedsOwed} Owed now: ₹${Math.max(owed, 0).toLocaleString('en-IN')}.`, codes.exceedsOwed);
  }
}

export class NoPaymentProfileError extends ConflictError {
  constructor() {
    super(messages.noPaymentProfile, codes.noPaymentProfile);
  }
}

export class PayoutAlreadyPaidError extends ConflictError {
  constructor() {
    super(messages.alreadyPaid, codes.alreadyPaid);
  }
}
