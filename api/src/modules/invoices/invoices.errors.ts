import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { ForbiddenError, NotFoundError } from '../../platform/http/domain-error.js';

const codes = ErrorCodes.invoices;
const messages = Messages.invoices;

/** No such document, or one the caller may not see: the same answer, so nothing is learnt. */
export class InvoiceNotFoundError extends NotFoundError {
  constructor() {
    super(messages.notFound, codes.notFound);
  }
}

/** The application has no invoice yet (or the caller may not see it). */
export class InvoiceNotYetIssuedError extends NotFoundError {
  constructor() {
    super(messages.notYetIssued, codes.notYetIssued);
  }
}

/** A signed link that was altered or has expired; checked before anything is looked up. */
export class InvoiceLinkInvalidError extends ForbiddenError {
  constructor() {
    super(messages.linkInvalid, codes.linkInvalid);
  }
}
