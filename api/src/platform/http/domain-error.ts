import { ErrorCodes } from '../../contracts/error-codes.js';

/** A failure the user can act on. The error filter turns it into `{ "error": message, "code": code }` with `status`. */
export class DomainError extends Error {
  /** Headers the answer carries besides the body. */
  headers?: Record<string, string>;

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
  /** `retryAfterSeconds`, when known, is sent as Retry-After: how long the client should wait. */
  constructor(message: string, code: string = ErrorCodes.generic.tooManyRequests, retryAfterSeconds?: number) {
    super(429, message, code);
    if (retryAfterSeconds !== undefined) this.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  }
}
