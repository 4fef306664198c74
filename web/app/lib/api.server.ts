import { Messages } from '../../../api/src/contracts/messages.js';
import { webConfig } from './config.server';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
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

/** Calls the Tribe API server-side. Failures raise ApiError with the API's `error` message. */
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
    const message = (data as { error?: string } | undefined)?.error ?? `HTTP ${response.status}: ${response.statusText}`;
    throw new ApiError(response.status, message);
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
