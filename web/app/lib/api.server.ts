import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { readValidationMessage } from '../../../api/src/contracts/validation-message.js';
import { webConfig } from './config.server';

/** A refusal or failure of the API: its status, its `error` message and its stable `code` (null when it sent none). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }

  /** The request field a validation refusal names ("age: must be at least 18"), else null. */
  get field(): string | null {
    return this.code === ErrorCodes.generic.validation ? (readValidationMessage(this.message)?.field ?? null) : null;
  }
}

export const isAuthError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The page request this call serves, so the API sees the visitor's address (login limits). */
  visitor?: Request;
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
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(503, Messages.generic.network);
  }
  const text = await response.text();
  const data = parseJson(text);
  if (!response.ok) {
    const refusal = data as { error?: string; code?: string } | undefined;
    throw new ApiError(response.status, refusal?.error ?? `HTTP ${response.status}: ${response.statusText}`, refusal?.code ?? null);
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
