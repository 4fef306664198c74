import { ErrorCodes } from '../../contracts/error-codes.js';

/** A failure the user can act on. The error filter turns it into `{ "error": message, "code": code }` with `status`. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = ErrorCodes.generic.domain,
  ) {
    super(message);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.validation) {
    super(400, message, code);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.unauthorized) {
    super(401, message, code);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.forbidden) {
    super(403, message, code);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.notFound) {
    super(404, message, code);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.conflict) {
    super(409, message, code);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string, code: string = ErrorCodes.generic.tooManyRequests) {
    super(429, message, code);
  }
}
