import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written on behalf of one request or one job carries: the request id in the
 * API; the job's id, name and outbox event (and the request that recorded the event) in the workers.
 */
export interface LogContext {
  reqId?: string;
  jobId?: string;
  jobName?: string;
  outboxId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` on every log line it (and whatever it awaits) writes. */
export const withLogContext = <T>(context: LogContext, work: () => T): T => storage.run(context, work);

export const currentLogContext = (): LogContext | undefined => storage.getStore();

/** The id of the request being served, if any (the outbox keeps it with the events it records). */
export const currentRequestId = (): string | undefined => storage.getStore()?.reqId;
