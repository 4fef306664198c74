import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.js';
import { toErrorResponse } from './error-response.js';

@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, body, headers } = toErrorResponse(exception);
    // A domain error is an answer the product chose (a 503 "busy" included), not a failure to log.
    if (status >= 500 && !(exception instanceof DomainError)) request.log.error({ err: exception }, 'request failed');
    if (headers) void reply.headers(headers);
    void reply.status(status).send(body);
  }
}
