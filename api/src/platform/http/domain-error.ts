import { ErrorCodes } from '../../contracts/error-codes.js';

/**
 * A failure the user can act on. The error filter turns it into `{ "error": message, "code": code }` with
 * `status`, and sends `headers` with it (Retry-After on a 429 or 503).
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = ErrorCodes.generic.domain,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** `Retry-After` in whole seconds, at least 1. */
const retryAfter = (seconds: number): Record<string, string> => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

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
  constructor(message: string, code: string = ErrorCodes.generic.tooManyRequests, retryAfterSeconds?: number) {
    super(429, message, code, retryAfterSeconds === undefined ? undefined : retryAfter(retryAfterSeconds));
  }
}

/** The server is busy with this kind of work for a moment: 503, and when to try again. */
export class BusyError extends DomainError {
  constructor(message: string, code: string, retryAfterSeconds: number) {
    super(503, message, code, retryAfter(retryAfterSeconds));
  }
}
