import { CommunityErrorCodes, CommunityMessages, type CommunityRateKind } from '../../contracts/community.contract.js';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../platform/http/domain-error.js';

/** Also for a removed post, and for one whose author is deleting their account. */
export class PostNotFoundError extends NotFoundError {
  constructor() {
    super(CommunityMessages.postNotFound, CommunityErrorCodes.postNotFound);
  }
}

/** Also for a removed comment, one under a removed post, and one whose author is deleting their account. */
export class CommentNotFoundError extends NotFoundError {
  constructor() {
    super(CommunityMessages.commentNotFound, CommunityErrorCodes.commentNotFound);
  }
}

export class NotYourPostError extends ForbiddenError {
  constructor() {
    super(CommunityMessages.notYourPost);
  }
}

export class NotYourCommentError extends ForbiddenError {
  constructor() {
    super(CommunityMessages.notYourComment);
  }
}

/** A post about an event the author neither hosts nor was accepted to. */
export class NotAtEventError extends ForbiddenError {
  constructor() {
    super(CommunityMessages.notAtEvent, CommunityErrorCodes.notAtEvent);
  }
}

/** A photo that is not one of the product's own uploads (the sweep could not keep it, nor we vouch for it). */
export class NotOwnUploadError extends ValidationError {
  constructor() {
    super(CommunityMessages.notOwnUpload);
  }
}

export class BadCursorError extends ValidationError {
  constructor() {
    super(CommunityMessages.badCursor, CommunityErrorCodes.badCursor);
  }
}

export class CannotReportOwnError extends ValidationError {
  constructor() {
    super(CommunityMessages.cannotReportOwn, CommunityErrorCodes.cannotReportOwn);
  }
}

export class ReportAlreadyOpenError extends ConflictError {
  constructor() {
    super(CommunityMessages.reportAlreadyOpen, CommunityErrorCodes.reportAlreadyOpen);
  }
}

const TOO_FAST: Record<CommunityRateKind, string> = {
  post: CommunityMessages.postingTooFast,
  comment: CommunityMessages.commentingTooFast,
  like: CommunityMessages.likingTooFast,
  follow: CommunityMessages.followingTooFast,
  report: CommunityMessages.reportingTooFast,
};

export class CommunityTooFastError extends TooManyRequestsError {
  constructor(kind: CommunityRateKind, retryAfterSeconds: number) {
    super(TOO_FAST[kind], ErrorCodes.generic.tooManyRequests, retryAfterSeconds);
  }
}
