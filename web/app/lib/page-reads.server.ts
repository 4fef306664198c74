import { ApiError, failureInit, isUnavailable } from './api.server';
import type { WriteResult } from './event-writes.server';

/** A read for a page: the value, or the message to show in its place (and the status to answer with). */
export type PageRead<T> = { ok: true; value: T } | { ok: false; error: string; status: number };

/** Runs an API read for a page; a failure becomes the message to show (the API's own when it is away). */
export async function readForPage<T>(run: () => Promise<T>, failure: string): Promise<PageRead<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const { status } = failureInit(error);
    return { ok: false, error: isUnavailable(error) ? error.message : failure, status };
  }
}

/**
 * A read for a page that says why the API refused it (a list position it did not write, a post or
 * rating that is gone) and when it is away; anything else is `failure`, the spec's "Failed to load …".
 * A 401 is not shown: the visitor's session is being ended by the root loader.
 */
export async function readSayingRefusals<T>(run: () => Promise<T>, failure: string): Promise<PageRead<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const { status } = failureInit(error);
    const refused = error instanceof ApiError && status >= 400 && status < 500 && status !== 401;
    return { ok: false, error: refused || isUnavailable(error) ? (error as ApiError).message : failure, status };
  }
}

/**
 * A public read with the visitor's token when there is one (so what is theirs shows as theirs). A
 * token the API no longer accepts is read again as a guest: the root loader is signing them out.
 */
export async function asVisitor<T>(token: string | null, run: (token: string | null) => Promise<T>): Promise<T> {
  try {
    return await run(token);
  } catch (error) {
    if (token && error instanceof ApiError && error.status === 401) return run(null);
    throw error;
  }
}

/** Runs an API write for a form: a refusal (an ApiError) becomes its status, message and code. */
export async function writeForPage<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: failureInit(error).status, error: error.message, code: error.code };
    throw error;
  }
}
