/** The services the product cannot work without. */
export type Dependency = 'PostgreSQL' | 'Redis';

/**
 * A bounded wait on a dependency ran out (see `withTimeout`), or the code otherwise knows that a
 * dependency is away. Told apart from bugs by `dependencyFailure`.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: Dependency,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DependencyUnavailableError';
  }
}

/** Why a dependency failed a call, when it did; `dependency` is null when the error does not say which. */
export interface DependencyFailure {
  dependency: Dependency | null;
  reason: string;
}

/**
 * SQLSTATEs that mean PostgreSQL is away or cannot serve now: connection exceptions (08), insufficient
 * resources (53: too many connections, out of memory, disk full), shutting down or starting up
 * (57P01-57P03), and a statement cancelled by statement_timeout (57014; nothing else cancels ours).
 */
const POSTGRES_UNAVAILABLE = /^(08...|53...|57P0[123]|57014)$/;
/** node-postgres' and pg-pool's own words for a connection that failed, timed out or was closed. */
const POSTGRES_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /is not currently accepting connections/,
];
/** ioredis' words for a command it could not deliver or got no answer to. */
const REDIS_CLIENT_MESSAGES = [
  /^Stream isn't writeable/,
  /^Command timed out$/,
  /^Connection is closed\.$/,
  /^Reached the max retries per request limit/,
];
/** Redis replies that mean it cannot serve now (loading its data, busy with a script, failing over). */
const REDIS_UNAVAILABLE_REPLIES = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|READONLY) /;
/** Errors of the network itself, from either client. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);

const MAX_DEPTH = 4;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

/**
 * Whether `error` says that PostgreSQL or Redis is down, unreachable, too slow or shutting down (as
 * opposed to a bug, a constraint violation or a bad query), and which one when it can tell. Looks
 * through TypeORM's `driverError` and through `cause`.
 */
export function dependencyFailure(error: unknown, depth = 0): DependencyFailure | undefined {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return undefined;
  if (error instanceof DependencyUnavailableError) return { dependency: error.dependency, reason: error.message };
  const { name, message, code, driverError, cause } = error as ErrorLike;
  const text = typeof message === 'string' ? message : '';
  if (driverError) {
    const failure = dependencyFailure(driverError, depth + 1);
    if (failure) return { ...failure, dependency: failure.dependency ?? 'PostgreSQL' };
  }
  if (typeof code === 'string' && POSTGRES_UNAVAILABLE.test(code)) return { dependency: 'PostgreSQL', reason: text };
  if (POSTGRES_CLIENT_MESSAGES.some((pattern) => pattern.test(text))) return { dependency: 'PostgreSQL', reason: text };
  if (name === 'MaxRetriesPerRequestError' || REDIS_CLIENT_MESSAGES.some((pattern) => pattern.test(text)))
    return { dependency: 'Redis', reason: text };
  if (name === 'ReplyError' && REDIS_UNAVAILABLE_REPLIES.test(text)) return { dependency: 'Redis', reason: text };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return { dependency: null, reason: text || code };
  return cause === undefined ? undefined : dependencyFailure(cause, depth + 1);
}

/** pg-pool's refusal when no connection freed up within the wait: the query never reached PostgreSQL. */
const POOL_WAIT_TIMED_OUT = /^timeout exceeded when trying to connect$/;

/**
 * Whether `error` is the pool's wait for a free connection running out. Nothing was sent to
 * PostgreSQL, so running the same work again cannot do anything twice.
 */
export function poolWaitTimedOut(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return false;
  const { message, driverError, cause } = error as ErrorLike;
  if (typeof message === 'string' && POOL_WAIT_TIMED_OUT.test(message)) return true;
  return poolWaitTimedOut(driverError, depth + 1) || poolWaitTimedOut(cause, depth + 1);
}
