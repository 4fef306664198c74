/** A failure the user can act on. The error filter turns it into `{ "error": message }` with `status`. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'domain_error',
  ) {
    super(message);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string) {
    super(400, message, 'validation');
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(401, message, 'unauthorized');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(403, message, 'forbidden');
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, message, 'not_found');
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message, 'conflict');
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string) {
    super(429, message, 'too_many_requests');
  }
}
