import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { BusyError, ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from '../../platform/http/domain-error.js';
import { type PaymentTransaction } from './entities/payment-transaction.entity.js';
import { type PaymentProviderError } from './payment-provider.port.js';

const codes = ErrorCodes.payments;
const messages = Messages.payments;

export class PaymentVerificationError extends ValidationError {
  constructor() {
    super(messages.verificationFailed, codes.verificationFailed);
  }
}

export class WebhookSignatureError extends ValidationError {
  constructor() {
    super(messages.webhookSignature, codes.webhookSignature);
  }
}

export class TransactionNotFoundError extends NotFoundError {
  constructor() {
    super(messages.transactionNotFound, codes.transactionNotFound);
  }
}

export class NotRefunderError extends ForbiddenError {
  constructor() {
    super(messages.notRefunder, codes.notRefunder);
  }
}

export class NotCapturedError extends ConflictError {
  constructor() {
    super(messages.notCaptured, codes.notCaptured);
  }
}

export class RefundTooLargeError extends ConflictError {
  constructor() {
    super(messages.refundTooLarge, codes.refundTooLarge);
  }
}

/**
 * Why a refund cannot be reserved on a payment in `state`: a payment captured and then refunded in
 * full has nothing left (the same answer as before its last refund was processed); any other state
 * was never captured.
 */
export function refundRefusal(state: PaymentTransaction['state'] | undefined): ConflictError {
  return state === 'captured' || state === 'refunded' ? new RefundTooLargeError() : new NotCapturedError();
}

/** A reference of money returned outside Tribe that records a refund of another amount. */
export class OutsideReferenceUsedError extends ConflictError {
  constructor() {
    super(messages.outsideReferenceUsed, codes.outsideReferenceUsed);
  }
}

/** A refund's request key sent again with another amount. */
export class RefundKeyUsedError extends ConflictError {
  constructor() {
    super(messages.refundKeyUsed, codes.refundKeyUsed);
  }
}

/** The host's refund would reach into money already paid out to them. */
export class RefundPaidOutError extends ConflictError {
  constructor() {
    super(messages.refundPaidOut, codes.refundPaidOut);
  }
}

/** A signed body older than the provider's retries: a replay, not a delivery. */
export class WebhookStaleError extends ValidationError {
  constructor() {
    super(messages.webhookStale, codes.webhookStale);
  }
}

export class OrderInProgressError extends BusyError {
  constructor() {
    super(messages.orderInProgress, codes.orderInProgress, 2);
  }
}

export class AttemptMismatchError extends ConflictError {
  constructor() {
    super('This payment attempt was started for another event or amount. Please retry joining.', codes.wrongAmount);
  }
}

/** The provider's failure as the fan sees it: 402 for a decline, 502/503 when the provider failed. */
export function providerFailure(error: PaymentProviderError): DomainError {
  if (error.kind === 'insufficient_funds') return new DomainError(402, messages.insufficientFunds, codes.insufficientFunds);
  if (error.kind === 'declined') return new DomainError(402, error.message, codes.providerFailed);
  if (error.retryable) return new BusyError(error.message, codes.providerFailed, 5);
  return new DomainError(502, error.message, codes.providerFailed);
}
