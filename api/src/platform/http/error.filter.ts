import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dependencyFailure } from '../dependencies/dependency-failure.js';
import { DomainError } from './domain-error.js';
import { toErrorResponse } from './error-response.js';

@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, body, headers } = toErrorResponse(exception);
    const failure = dependencyFailure(exception);
    // A dependency that is away fails every request for a while: one line each, without a stack.
    if (failure)
      request.log.warn({ dependency: failure.dependency, reason: failure.reason }, 'request failed: a dependency is unavailable');
    // A domain error is an answer the product chose (a 503 "busy" included), not a failure to log.
    else if (status >= 500 && !(exception instanceof DomainError)) request.log.error({ err: exception }, 'request failed');
    if (headers) void reply.headers(headers);
    void reply.status(status).send(body);
  }
}
