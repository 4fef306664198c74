import 'reflect-metadata';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, RawServerDefault } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { AppModule } from './app.module.js';
import { setOwnUploadBases } from './contracts/media-url.js';
import { mountQueueDashboard } from './modules/admin/queue-dashboard.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { ChatIoAdapter } from './modules/chat/gateway/chat-io.adapter.js';
import { type AppConfig } from './platform/config/config.schema.js';
import { serviceUnavailable, toErrorResponse } from './platform/http/error-response.js';
import { ErrorFilter } from './platform/http/error.filter.js';
import { SECURITY_HEADERS } from './platform/http/security-headers.js';
import { publicUploadBase } from './platform/providers/storage/storage.module.js';
import { STORAGE, type StoragePort } from './platform/providers/storage/storage.port.js';
import { Readiness } from './platform/health/readiness.js';
import { currentRequestId, withLogContext } from './platform/logging/log-context.js';
import { createLogger, PinoNestLogger } from './platform/logging/logger.js';
import { observeHttp } from './platform/metrics/http-metrics.js';
import { Metrics } from './platform/metrics/metrics.js';
import { openApiDocument } from './platform/http/openapi.js';
import { JobQueues } from './platform/jobs/job-queues.js';

export const API_PREFIX = 'api/v1';

/** A caller's X-Request-Id is kept only when it cannot garble a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's request id when it is safe to log, else a new one. */
function requestIdOf(headers: IncomingHttpHeaders): string {
  const sent = headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Builds the HTTP application (used by main.ts, the tests and the benchmarks). */
export async function createApiApp(config: AppConfig): Promise<NestFastifyApplication> {
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    // Fastify's own 503 while closing has its own body; the hooks below answer in the product's shape.
    return503OnClosing: false,
    // Each request is served inside its log context, from its first log line ("incoming request") on,
    // so every line written for it (Fastify's, Nest's, the services') carries its id.
    serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
      createServer((request, response) => withLogContext({ reqId: requestIdOf(request.headers) }, () => handler(request, response))),
    // (Requests injected in-process bypass the server: they get their id here.)
    genReqId: (request: IncomingMessage) => currentRequestId() ?? requestIdOf(request.headers),
    // The id is on every line already (the logger's mixin): not a second time from Fastify's child logger.
    childLoggerFactory: (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) => {
      const { reqId: _reqId, ...rest } = bindings;
      return parent.child(rest, options);
    },
    // The router refuses a malformed URL (400) or an over-long path parameter (414) before any hook
    // or Nest filter runs; these get the same `{ error }` shape and request id as every other error.
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toErrorResponse(error);
      void reply.status(status).header('x-request-id', request.id).send(body);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // The chat's socket.io, on this HTTP server (the workers build no server: their gateway never starts).
  app.useWebSocketAdapter(new ChatIoAdapter(app, config));
  // Pictures must be https or this product's own uploads, which a local run serves over plain http.
  setOwnUploadBases([publicUploadBase(app.get<StoragePort>(STORAGE))]);

  // An empty body sent with a JSON content type (as web views often do for POST …/cancel) means "no
  // body", not malformed JSON; anything else goes to Fastify's own JSON parser.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  // The raw bytes stay on the request: webhook signatures are computed over them, never over re-serialised JSON.
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit: config.BODY_LIMIT_BYTES }, (request, body, done) => {
    request.rawBody = body;
    if (body.length === 0) done(null, undefined);
    // The default parser answers through `done` (its type also allows the promise form, which it never uses).
    else void parseJson(request, body.toString('utf8'), done);
  });

  observeHttp(fastify, app.get(Metrics));
  // While a shutdown drains, each answer closes its connection: keep-alive clients reconnect, and the
  // load balancer sends them to an instance that stays.
  const readiness = app.get(Readiness);
  fastify.addHook('onSend', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    if (readiness.draining) reply.header('connection', 'close');
  });

  // Requests that still arrive on open connections while the server closes (a deploy, a restart) are
  // not started: 503 with Retry-After, so clients and load balancers go elsewhere and come back.
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    const { status, body, headers } = serviceUnavailable();
    return reply
      .status(status)
      .headers({ ...headers, connection: 'close' })
      .send(body);
  });

  await app.register(cors as never, { origin: config.CORS_ORIGINS, credentials: true });
  // Only multipart/form-data bodies (uploads); JSON keeps BODY_LIMIT_BYTES. One file per request;
  // the cap is the largest upload and each route lowers it (images: UPLOAD_MAX_IMAGE_BYTES).
  await app.register(multipart as never, {
    limits: { files: 1, fields: 10, parts: 20, fieldSize: 64 * 1024, fileSize: config.UPLOAD_MAX_VIDEO_BYTES },
  });

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ErrorFilter());

  // Built by the first visit to the docs, not at boot: most processes never serve it.
  SwaggerModule.setup('api/docs', app, () => openApiDocument(app));

  await mountQueueDashboard(fastify, app.get(JobQueues), app.get(SessionsService));
  return app;
}
