import { ReportErrorCodes, ReportMessages } from '../../../contracts/reports.contract.js';
import { ConflictError, NotFoundError } from '../../../platform/http/domain-error.js';

/** Nothing was open when the admin decided: another admin closed the reports first, or none were sent. */
export class ReportsAlreadyClosedError extends ConflictError {
  constructor() {
    super(ReportMessages.alreadyClosed, ReportErrorCodes.alreadyClosed);
  }
}

/** Removing a post or comment from its page that another admin removed at the same moment. */
export class AlreadyRemovedError extends NotFoundError {
  constructor() {
    super(ReportMessages.alreadyRemoved);
  }
}

/** The target does not exist (a deleted event or post takes its reports with it). */
export class NothingReportedError extends NotFoundError {
  constructor() {
    super(ReportMessages.nothingOpen);
  }
}
