import http from 'node:http';
import https from 'node:https';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { readValidationMessage } from '../../../api/src/contracts/validation-message.js';
import { isReadMethod } from '../../server/http-methods';
import { webConfig } from './config.server';

/** What a visitor reads when the API cannot answer: it is unreachable, too slow, or says it is unavailable (503). */
export const UNAVAILABLE_MESSAGE = 'Tribe is not reachable right now. Please try again in a moment.';

/** Seconds suggested in Retry-After when the API is unreachable or too slow (or did not say). */
export const RETRY_AFTER_SECONDS = '5';

/**
 * A refusal or failure of the API: its status, its `error` message and its stable `code` (null when
 * it sent none). An API that cannot be reached or does not answer in time is a 503 too.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    /** The API's Retry-After (503s, and 429s from its limits). */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The request field a validation refusal names ("age: must be at least 18"), else null. */
  get field(): string | null {
    return this.code === ErrorCodes.generic.validation ? (readValidationMessage(this.message)?.field ?? null) : null;
  }
}

export const isAuthError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** The API is down, too slow or unavailable for now: the visitor should try again shortly. */
export const isUnavailable = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 503;

const unavailable = () => new ApiError(503, UNAVAILABLE_MESSAGE, null, RETRY_AFTER_SECONDS);

/**
 * The status and headers the web answers with when a call to the API failed: the API's refusals
 * (4xx) pass through; an API that is unreachable, too slow or unavailable is 503 with Retry-After
 * (the visitor can try again); anything else the API got wrong is 502.
 */
export function failureInit(error: unknown): { status: number; headers?: Record<string, string> } {
  if (isUnavailable(error)) return { status: 503, headers: { 'Retry-After': error.retryAfter ?? RETRY_AFTER_SECONDS } };
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return { status: error.status };
  return { status: 502 };
}

/**
 * Every request to the API goes through here: it is given up after `timeoutMs` (API_TIMEOUT_MS
 * unless the call carries files), and an API that cannot be reached or does not answer in time
 * raises ApiError 503. The timeout covers the answer's body too, read by the caller.
 */
export async function fetchApi(
  path: string,
  init: RequestInit & { duplex?: 'half' },
  timeoutMs = webConfig.API_TIMEOUT_MS,
): Promise<Response> {
  try {
    return await fetch(new URL(path, webConfig.API_URL), { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw unavailable();
  }
}

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The page request this call serves, so the API sees the visitor's address (login limits). */
  visitor?: Request;
}

/** An answer of the API to a JSON call, read whole. */
interface ApiAnswer {
  status: number;
  statusText: string;
  retryAfter: string | null;
  text: string;
}

/**
 * The connections the JSON calls reuse. Node's fetch costs a page several times the CPU of a plain
 * request on a kept-alive socket (its streams, Request and Response objects), and a signed-in page
 * makes five or six of these calls.
 * An idle socket is closed here after IDLE_SOCKET_MS, well before the API closes it (Fastify: 72 s):
 * without a timeout of its own the agent keeps it until the API's close arrives, and a write sent in
 * that moment is lost to the stale socket (below), which a visitor reads as "not reachable".
 */
const IDLE_SOCKET_MS = 30_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

/**
 * A read sent on a kept-alive socket that the API closed as idle just then is refused by the
 * socket, not by the API, which never saw it: Node's documented race. It is sent again, on another
 * socket. Writes are not: a reset could also be an API that took the request and then died.
 */
const mayResendOnStaleSocket = (request: http.ClientRequest, method: string, error: NodeJS.ErrnoException) =>
  request.reusedSocket && isReadMethod(method) && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

/** One JSON call, given up (ApiError 503) when the API cannot be reached or has not answered in full within `timeoutMs`. */
function callApi(
  path: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<ApiAnswer> {
  const url = new URL(path, webConfig.API_URL);
  const transport = url.protocol === 'https:' ? https : http;
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let answered = false;
    const fail = (error?: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (!answered && error && mayResendOnStaleSocket(request, method, error)) {
        resolve(callApi(path, method, headers, body, deadline - Date.now()));
      } else {
        reject(unavailable());
      }
    };
    const request = transport.request(url, { method, headers, agent: agents[url.protocol as keyof typeof agents] }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => fail());
      response.on('aborted', () => fail());
      response.on('end', () => {
        clearTimeout(timer);
        const retryAfter = response.headers['retry-after'];
        resolve({
          status: response.statusCode ?? 502,
          statusText: response.statusMessage ?? '',
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    // Its own error code, so a request given up on is never taken for a stale socket and sent again.
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })), timeoutMs);
    request.on('error', fail);
    request.end(body);
  });
}

/** Calls the Tribe API server-side. Failures raise ApiError with the API's `error` message and `code`. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = new URL(`/api/v1${path}`, webConfig.API_URL);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const visitorAddress = options.visitor?.headers.get('x-forwarded-for');
  if (visitorAddress) headers['X-Forwarded-For'] = visitorAddress;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await callApi(url.pathname + url.search, options.method ?? 'GET', headers, body, webConfig.API_TIMEOUT_MS);
  const data = parseJson(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    const refusal = data as { error?: string; code?: string } | undefined;
    if (answer.status === 503) {
      // The product's refusals carry a code; a proxy's or the server framework's own 503 gets ours.
      const message = refusal?.code && refusal.error ? refusal.error : UNAVAILABLE_MESSAGE;
      throw new ApiError(503, message, refusal?.code ?? null, answer.retryAfter ?? RETRY_AFTER_SECONDS);
    }
    throw new ApiError(
      answer.status,
      refusal?.error ?? `HTTP ${answer.status}: ${answer.statusText}`,
      refusal?.code ?? null,
      answer.retryAfter,
    );
  }
  if (data === NOT_JSON) throw new ApiError(502, Messages.generic.invalidResponse);
  return data as T;
}

const NOT_JSON = Symbol('not JSON');

/** A proxy's HTML error page is not JSON: on an error status the status then decides the message. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
