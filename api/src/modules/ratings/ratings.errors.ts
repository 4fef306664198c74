import { ErrorCodes } from '../../contracts/error-codes.js';
import { RatingErrorCodes, RatingMessages } from '../../contracts/ratings.contract.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../platform/http/domain-error.js';

/** A guest on POST /ratings: the spec's sentence, not the guard's. */
export class RatingLoginRequiredError extends UnauthorizedError {
  constructor() {
    super(RatingMessages.loginRequired);
  }
}

/** Also for a deleted event, and one whose host is deleting their account. */
export class RatedEventNotFoundError extends NotFoundError {
  constructor() {
    super(RatingMessages.eventNotFound, ErrorCodes.events.notFound);
  }
}

/** No accepted application to the event (pending, rejected, cancelled with the event, or never applied). */
export class NotAttendeeError extends ForbiddenError {
  constructor() {
    super(RatingMessages.notAttendee, RatingErrorCodes.notAttendee);
  }
}

export class EventNotEndedError extends ForbiddenError {
  constructor() {
    super(RatingMessages.notEnded, RatingErrorCodes.notEnded);
  }
}

export class BookingRefundedError extends ForbiddenError {
  constructor() {
    super(RatingMessages.refunded, RatingErrorCodes.refunded);
  }
}

export class AlreadyRatedError extends ConflictError {
  constructor() {
    super(RatingMessages.alreadyRated, RatingErrorCodes.alreadyRated);
  }
}

/** Also for a rating removed by moderation. */
export class RatingNotFoundError extends NotFoundError {
  constructor() {
    super(RatingMessages.ratingNotFound, RatingErrorCodes.ratingNotFound);
  }
}

export class NotYourRatingError extends ForbiddenError {
  constructor() {
    super(RatingMessages.notYourRating);
  }
}

export class EditWindowOverError extends ForbiddenError {
  constructor() {
    super(RatingMessages.editWindowOver, RatingErrorCodes.editWindowOver);
  }
}

/** Its reports are judged on the words reported: the rater cannot change them meanwhile (deleting withdraws it). */
export class RatingUnderReviewError extends ConflictError {
  constructor() {
    super(RatingMessages.underReview, RatingErrorCodes.underReview);
  }
}

export class NotYourReviewError extends ForbiddenError {
  constructor() {
    super(RatingMessages.notYourReview);
  }
}

export class CannotReportOwnReviewError extends ValidationError {
  constructor() {
    super(RatingMessages.cannotReportOwn, RatingErrorCodes.cannotReportOwn);
  }
}

export class RatingReportAlreadyOpenError extends ConflictError {
  constructor() {
    super(RatingMessages.reportAlreadyOpen, RatingErrorCodes.reportAlreadyOpen);
  }
}
