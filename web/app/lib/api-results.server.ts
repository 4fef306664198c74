import { ApiError, failureInit, isUnavailable } from './api.server';
import type { WriteResult } from './event-writes.server';

/** A read for a page: the value, or the message to show in its place (and the status to answer with). */
export type PageRead<T> = { ok: true; value: T } | { ok: false; error: string; status: number };

/** A read for a page; a failure becomes `failure` (or the API's own message when it is unavailable). */
export async function readPage<T>(run: () => Promise<T>, failure: string): Promise<PageRead<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const { status } = failureInit(error);
    return { ok: false, error: isUnavailable(error) ? error.message : failure, status };
  }
}

/** A write: its value, or the API's refusal (status, message and code). */
export async function writeResult<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: failureInit(error).status, error: error.message, code: error.code };
    throw error;
  }
}
