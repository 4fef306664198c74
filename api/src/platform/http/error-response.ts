import { HttpException } from '@nestjs/common';
import { Messages } from '../../contracts/messages.js';
import { DomainError } from './domain-error.js';

export interface ErrorResponse {
  status: number;
  body: { error: string };
}

/** Fastify's own errors (body parser, size limit) carry a statusCode and a code. */
function fastifyError(error: unknown): { statusCode: number; code?: string } | undefined {
  if (typeof error === 'object' && error && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error as { statusCode: number; code?: string };
  }
  return undefined;
}

const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: Messages.generic.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Messages.generic.unsupportedMediaType,
  FST_ERR_CTP_EMPTY_JSON_BODY: Messages.generic.malformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: Messages.generic.malformedJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: Messages.generic.malformedJson,
  FST_REQ_FILE_TOO_LARGE: Messages.generic.bodyTooLarge,
  FST_FILES_LIMIT: Messages.generic.bodyTooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: Messages.generic.unsupportedMediaType,
  // The router's own refusals; their default messages echo the path back.
  FST_ERR_BAD_URL: Messages.generic.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: Messages.generic.urlTooLong,
};

/** The one mapping from any thrown value to the wire format `{ "error": message }`. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) return { status: error.status, body: { error: error.message } };
  if (error instanceof HttpException) {
    if (fastifyError(error.cause)) return toErrorResponse(error.cause);
    const status = error.getStatus();
    const response = error.getResponse();
    const message =
      status === 404
        ? Messages.generic.notFound
        : typeof response === 'string'
          ? response
          : String((response as { message?: unknown }).message ?? error.message);
    return { status, body: { error: status >= 500 ? Messages.generic.internal : message } };
  }
  const fastify = fastifyError(error);
  if (fastify && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    const isJsonSyntax = error instanceof SyntaxError;
    const own = error instanceof Error && error.message ? error.message : Messages.generic.requestFailed;
    const mapped = fastify.code ? fastifyMessages[fastify.code] : undefined;
    const message = mapped ?? (isJsonSyntax ? Messages.generic.malformedJson : own);
    return { status: fastify.statusCode, body: { error: message } };
  }
  return { status: 500, body: { error: Messages.generic.internal } };
}
