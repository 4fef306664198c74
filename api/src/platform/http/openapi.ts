import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject, type ResponseObject } from '@nestjs/swagger';
import { RETRY_AFTER_SECONDS } from './error-response.js';

/** 3.1: its schemas are JSON Schema 2020-12, which is what zod writes (prefixItems, type arrays). */
export const OPENAPI_VERSION = '3.1.0';

/** Marks an operation that needs no sign-in; the document turns it into `security` that allows none. */
export const PUBLIC_OPERATION = 'x-tribe-public';

const BEARER = 'bearer';
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;

const errorAnswer = (description: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * What any operation may answer besides its own results, in the one error body. The platform
 * answers these for every route (the body parser, the guard, the router, the dependencies), so
 * they are listed from what the operation is, not written by hand beside each route.
 */
function errorAnswers(operation: Operation, method: string, isPublic: boolean) {
  const answers: Record<string, ResponseObject> = {
    '400': errorAnswer('The request is malformed or a field is invalid; `error` names the field.'),
    '404': errorAnswer('No such record, or none this person may see.'),
    '503': {
      ...errorAnswer('PostgreSQL or Redis is unavailable, or the server is closing: try again shortly.'),
      headers: { 'Retry-After': { description: `Seconds to wait (${RETRY_AFTER_SECONDS}).`, schema: { type: 'integer' } } },
    },
    default: errorAnswer('An unexpected error.'),
  };
  // A public operation that takes credentials (a password, a code, a signed link) refuses wrong ones with a 401.
  answers['401'] = errorAnswer(isPublic ? 'The credentials sent were refused.' : 'Not signed in, or the session has ended.');
  if (!isPublic) answers['403'] = errorAnswer('Signed in, but not allowed: not the owner, or not an admin or support staff.');
  if (WRITES.has(method)) {
    answers['409'] = errorAnswer('The record is not in a state that allows this (already done, full, closed).');
    answers['429'] = {
      ...errorAnswer('Too many attempts: wait as Retry-After says.'),
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    };
  }
  if (operation.requestBody) {
    answers['413'] = errorAnswer('The body is larger than this operation takes.');
    answers['415'] = errorAnswer('The body is not of a media type this operation takes.');
  }
  return answers;
}

/** Public operations allow no credentials (or a bearer token); the error answers join each operation's own. */
function completeOperations(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as (Operation & { [PUBLIC_OPERATION]?: boolean }) | undefined;
      if (!operation) continue;
      const isPublic = operation[PUBLIC_OPERATION] === true;
      delete operation[PUBLIC_OPERATION];
      operation.security = isPublic ? [{}, { [BEARER]: [] }] : [{ [BEARER]: [] }];
      operation.responses = { ...errorAnswers(operation, method, isPublic), ...operation.responses };
    }
  }
  return document;
}

/** The API's OpenAPI document, served at /api/docs-json and checked by a validator in the tests. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion(OPENAPI_VERSION)
    .setTitle('Tribe API')
    .setDescription('Every error answers `{ "error": message, "code": code }`.')
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, BEARER)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      Error: {
        type: 'object',
        required: ['error', 'code'],
        properties: {
          error: { type: 'string', description: 'A sentence for people.' },
          code: { type: 'string', description: 'A stable code for programs.' },
        },
      },
    },
  };
  return completeOperations(document);
}
