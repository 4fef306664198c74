import { HttpException } from '@nestjs/common';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { Messages } from '../../contracts/messages.js';
import { dependencyFailure } from '../dependencies/dependency-failure.js';
import { DomainError } from './domain-error.js';

export interface ErrorResponse {
  status: number;
  body: { error: string; code: string };
  /** Headers the answer carries besides the body (Retry-After on a 503 or a 429). */
  headers?: Readonly<Record<string, string>>;
}

/** How long a client should wait before trying again after a 503: a blip passes, an outage is not hammered. */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL or Redis is away or too slow, or the server is closing: the client may try again shortly. */
export function serviceUnavailable(): ErrorResponse {
  return {
    status: 503,
    body: { error: Messages.generic.serviceUnavailable, code: ErrorCodes.generic.serviceUnavailable },
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  };
}

/** Fastify's own errors (body parser, size limit) carry a statusCode and a code. */
function fastifyError(error: unknown): { statusCode: number; code?: string } | undefined {
  if (typeof error === 'object' && error && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error as { statusCode: number; code?: string };
  }
  return undefined;
}

const { generic } = ErrorCodes;
const bodyTooLarge = { error: Messages.generic.bodyTooLarge, code: generic.payloadTooLarge };
const malformedJson = { error: Messages.generic.malformedJson, code: generic.malformedJson };
const unsupportedMediaType = { error: Messages.generic.unsupportedMediaType, code: generic.unsupportedMediaType };

const fastifyBodies: Record<string, ErrorResponse['body']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: malformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: malformedJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: malformedJson,
  FST_REQ_FILE_TOO_LARGE: bodyTooLarge,
  FST_FILES_LIMIT: bodyTooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: unsupportedMediaType,
  // The router's own refusals; their default messages echo the path back.
  FST_ERR_BAD_URL: { error: Messages.generic.badUrl, code: generic.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { error: Messages.generic.urlTooLong, code: generic.urlTooLong },
};

const statusCodes: Record<number, string> = {
  400: generic.badRequest,
  401: generic.unauthorized,
  403: generic.forbidden,
  404: generic.notFound,
  409: generic.conflict,
  413: generic.payloadTooLarge,
  414: generic.urlTooLong,
  415: generic.unsupportedMediaType,
  429: generic.tooManyRequests,
  503: generic.serviceUnavailable,
};

/** The code of an error that has none of its own, from its HTTP status. */
const codeOfStatus = (status: number): string => statusCodes[status] ?? (status >= 500 ? generic.internal : generic.requestFailed);

/** The one mapping from any thrown value to the wire format `{ "error": message, "code": code }`. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (dependencyFailure(error)) return serviceUnavailable();
  if (error instanceof DomainError) {
    const response: ErrorResponse = { status: error.status, body: { error: error.message, code: error.code } };
    return error.headers ? { ...response, headers: error.headers } : response;
  }
  if (error instanceof HttpException) {
    if (fastifyError(error.cause)) return toErrorResponse(error.cause);
    const status = error.getStatus();
    if (status === 503) return serviceUnavailable();
    const response = error.getResponse();
    const message =
      status === 404
        ? Messages.generic.notFound
        : typeof response === 'string'
          ? response
          : String((response as { message?: unknown }).message ?? error.message);
    return { status, body: { error: status >= 500 ? Messages.generic.internal : message, code: codeOfStatus(status) } };
  }
  const fastify = fastifyError(error);
  if (fastify && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    const mapped = fastify.code ? fastifyBodies[fastify.code] : undefined;
    if (mapped) return { status: fastify.statusCode, body: { ...mapped } };
    if (error instanceof SyntaxError) return { status: fastify.statusCode, body: { ...malformedJson } };
    const own = error instanceof Error && error.message ? error.message : Messages.generic.requestFailed;
    return { status: fastify.statusCode, body: { error: own, code: codeOfStatus(fastify.statusCode) } };
  }
  return { status: 500, body: { error: Messages.generic.internal, code: generic.internal } };
}
