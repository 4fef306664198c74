import { BadRequestException, ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';
import { errorCodes } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import {
  BusyError,
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from './domain-error.js';
import { toErrorResponse } from './error-response.js';

const unavailable = {
  status: 503,
  body: { error: 'The service is temporarily unavailable. Please try again in a moment.', code: 'service_unavailable' },
  headers: { 'retry-after': '5' },
};

describe('toErrorResponse', () => {
  it.each([
    ['ValidationError', new ValidationError('age: must be at least 18'), 400, 'validation'],
    ['UnauthorizedError', new UnauthorizedError(Messages.auth.noToken), 401, 'unauthorized'],
    ['ForbiddenError', new ForbiddenError(Messages.auth.adminRequired), 403, 'forbidden'],
    ['NotFoundError', new NotFoundError(Messages.users.notFound), 404, 'not_found'],
    ['ConflictError', new ConflictError(Messages.auth.emailTaken), 409, 'conflict'],
    ['TooManyRequestsError', new TooManyRequestsError(Messages.auth.tooManyAttempts), 429, 'too_many_requests'],
    ['DomainError', new DomainError(422, 'The event has already started'), 422, 'domain_error'],
  ])('sends a %s as its status, message and code', (_name, error, status, code) => {
    expect(toErrorResponse(error)).toEqual({ status, body: { error: error.message, code } });
  });

  it('sends Retry-After with a 429 that knows how long to wait, in whole seconds, at least 1', () => {
    const error = (seconds: number) => new TooManyRequestsError(Messages.auth.tooManyAttempts, undefined, seconds);
    const body = { error: Messages.auth.tooManyAttempts, code: 'too_many_requests' };
    expect(toErrorResponse(error(59.2))).toEqual({ status: 429, body, headers: { 'retry-after': '60' } });
    expect(toErrorResponse(error(0.01))).toEqual({ status: 429, body, headers: { 'retry-after': '1' } });
  });

  it('sends the specific code a domain error carries', () => {
    expect(toErrorResponse(new ValidationError(Messages.users.currentPasswordIncorrect, 'current_password_incorrect'))).toEqual({
      status: 400,
      body: { error: Messages.users.currentPasswordIncorrect, code: 'current_password_incorrect' },
    });
  });

  it('sends Retry-After with a 429 or 503 that says when to try again, in whole seconds', () => {
    expect(toErrorResponse(new TooManyRequestsError('Slow down', 'too_many_requests', 41.2))).toEqual({
      status: 429,
      body: { error: 'Slow down', code: 'too_many_requests' },
      headers: { 'retry-after': '42' },
    });
    expect(toErrorResponse(new BusyError('Busy', 'busy', 0))).toEqual({
      status: 503,
      body: { error: 'Busy', code: 'busy' },
      headers: { 'retry-after': '1' },
    });
    expect(toErrorResponse(new TooManyRequestsError('Slow down')).headers).toBeUndefined();
  });

  it('hides the message and stack of an unexpected error behind a generic 500', () => {
    const error = new Error('relation "users" does not exist at /srv/app/secret.ts:12');
    const response = toErrorResponse(error);
    expect(response).toEqual({ status: 500, body: { error: Messages.generic.internal, code: 'internal' } });
    expect(JSON.stringify(response)).not.toContain('relation');
    expect(JSON.stringify(response)).not.toContain('secret.ts');
  });

  it.each([['a string'], [undefined], [null], [42], [{ message: 'leaky' }]])('treats a thrown %j as a 500', (thrown) => {
    expect(toErrorResponse(thrown)).toEqual({ status: 500, body: { error: Messages.generic.internal, code: 'internal' } });
  });

  it('maps Fastify body errors to the catalogue', () => {
    expect(toErrorResponse(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE())).toEqual({
      status: 413,
      body: { error: 'Request body is too large', code: 'payload_too_large' },
    });
    expect(toErrorResponse(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY())).toEqual({
      status: 400,
      body: { error: 'Malformed JSON in request body', code: 'malformed_json' },
    });
    expect(toErrorResponse(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY())).toEqual({
      status: 400,
      body: { error: 'Malformed JSON in request body', code: 'malformed_json' },
    });
    expect(toErrorResponse(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/csv'))).toEqual({
      status: 415,
      body: { error: 'Unsupported content type', code: 'unsupported_media_type' },
    });
  });

  it("maps the router's URL refusals to messages that do not echo the path", () => {
    expect(toErrorResponse(new errorCodes.FST_ERR_BAD_URL('/api/v1/events/%E0%A4%A'))).toEqual({
      status: 400,
      body: { error: 'The address of this request is not valid', code: 'bad_url' },
    });
    expect(toErrorResponse(new errorCodes.FST_ERR_MAX_PARAM_LENGTH('/api/v1/events/aaaa'))).toEqual({
      status: 414,
      body: { error: 'The address of this request is too long', code: 'url_too_long' },
    });
  });

  it('treats a bare JSON syntax error carrying a 400 as malformed JSON', () => {
    const syntax = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), { statusCode: 400 });
    expect(toErrorResponse(syntax)).toEqual({ status: 400, body: { error: 'Malformed JSON in request body', code: 'malformed_json' } });
  });

  it('unwraps an HttpException that carries a Fastify error', () => {
    const wrapped = new HttpException('Payload Too Large', 413, { cause: new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE() });
    expect(toErrorResponse(wrapped)).toEqual({ status: 413, body: { error: 'Request body is too large', code: 'payload_too_large' } });
    const json = new BadRequestException('Bad Request', { cause: new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY() });
    expect(toErrorResponse(json)).toEqual({ status: 400, body: { error: 'Malformed JSON in request body', code: 'malformed_json' } });
  });

  it('maps Nest\'s own exceptions to one message, and every 404 to "Not found"', () => {
    expect(toErrorResponse(new NotFoundException('Cannot GET /api/v1/secret-admin-path'))).toEqual({
      status: 404,
      body: { error: 'Not found', code: 'not_found' },
    });
    expect(toErrorResponse(new ForbiddenException('Nope'))).toEqual({ status: 403, body: { error: 'Nope', code: 'forbidden' } });
    expect(toErrorResponse(new HttpException('Slow down', 429))).toEqual({
      status: 429,
      body: { error: 'Slow down', code: 'too_many_requests' },
    });
    expect(toErrorResponse(new HttpException({ message: 'internals', stack: 'x' }, 502))).toEqual({
      status: 502,
      body: { error: Messages.generic.internal, code: 'internal' },
    });
    expect(toErrorResponse(new HttpException({ message: 'internals', stack: 'x' }, 503))).toEqual(unavailable);
  });

  it.each([
    ['Redis refusing commands while disconnected', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a Redis command that got no answer in time', new Error('Command timed out')],
    [
      'a statement cancelled by statement_timeout',
      new QueryFailedError('UPDATE users', [], Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })),
    ],
    ['a query that got no answer in time', new QueryFailedError('SELECT 1', [], new Error('Query read timeout'))],
    ['no database connection in time', new Error('timeout exceeded when trying to connect')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('answers 503 with Retry-After and a readable message for %s, and hides the details', (_case, error) => {
    const response = toErrorResponse(error);
    expect(response).toEqual(unavailable);
    expect(JSON.stringify(response)).not.toContain(error.message);
  });

  it('never sends an empty error, even for a 4xx that has no message', () => {
    expect(toErrorResponse({ statusCode: 400 })).toEqual({
      status: 400,
      body: { error: Messages.generic.requestFailed, code: 'bad_request' },
    });
    expect(toErrorResponse({ statusCode: 400, code: '' })).toEqual({
      status: 400,
      body: { error: Messages.generic.requestFailed, code: 'bad_request' },
    });
    expect(toErrorResponse(Object.assign(new Error(''), { statusCode: 408 }))).toEqual({
      status: 408,
      body: { error: Messages.generic.requestFailed, code: 'request_failed' },
    });
  });

  it('always answers with exactly two fields, error and code', () => {
    for (const thrown of [new Error('x'), new ValidationError('x'), new NotFoundException(), new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()]) {
      expect(Object.keys(toErrorResponse(thrown).body)).toEqual(['error', 'code']);
    }
  });
});
