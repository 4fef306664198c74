import { type LoggerService } from '@nestjs/common';
import { dependencyFailure, type Dependency } from './dependency-failure.js';

/** The Nest logger of the component (its context names it in every line). */
export type OutageLogger = Pick<LoggerService, 'error' | 'warn'>;

export interface OutageLogOptions {
  /** The dependency a bare network error (ECONNRESET, ...) is about here, when only one can cause it. */
  networkErrorsFrom?: Dependency;
  /** While the outage lasts, one reminder per this many ms (with how long it has lasted). */
  repeatEveryMs?: number;
  now?: () => number;
}

/** Once a minute: an outage stays visible in the logs without drowning them. */
export const OUTAGE_REPEAT_MS = 60_000;

/** "45 s", "3 min 5 s", "2 h 10 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return minutes % 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(minutes / 60)} h`;
}

/**
 * Logs the failures of something that retries by itself (a polling loop, a connection that
 * reconnects) as one outage: the first failure at once, then a reminder at most every
 * `repeatEveryMs` saying how long it has lasted and how many calls failed, and the recovery once.
 * A dependency's failure is logged by name and reason, without a stack trace; anything else (a bug)
 * keeps its stack in the first line.
 */
export class OutageLog {
  private readonly repeatEveryMs: number;
  private readonly now: () => number;
  private readonly networkErrorsFrom: Dependency | null;
  private since: number | undefined;
  private lastReported = 0;
  private failures = 0;

  constructor(
    /** What is failing, as the log lines name it: "outbox relay", "job runner". */
    private readonly what: string,
    private readonly logger: OutageLogger,
    options: OutageLogOptions = {},
  ) {
    this.repeatEveryMs = options.repeatEveryMs ?? OUTAGE_REPEAT_MS;
    this.now = options.now ?? Date.now;
    this.networkErrorsFrom = options.networkErrorsFrom ?? null;
  }

  /** Whether an outage is under way (a failure not yet followed by a recovery). */
  get failing(): boolean {
    return this.since !== undefined;
  }

  failed(error: unknown): void {
    const now = this.now();
    this.failures += 1;
    const failure = dependencyFailure(error);
    const dependency = failure ? (failure.dependency ?? this.networkErrorsFrom) : null;
    const reason = failure?.reason ?? (error instanceof Error ? error.message : String(error));
    const cause = failure ? `cannot reach ${dependency ?? 'a dependency'}` : 'is failing';
    if (this.since === undefined) {
      this.since = now;
      this.lastReported = now;
      const details = failure ? { dependency, reason } : { err: error };
      this.logger.error(
        details,
        `${this.what} ${cause}: ${reason}; retrying, and reporting again every ${formatDuration(this.repeatEveryMs)} until it recovers`,
      );
      return;
    }
    if (now - this.lastReported < this.repeatEveryMs) return;
    this.lastReported = now;
    const lasted = now - this.since;
    this.logger.error(
      { dependency, reason, failingForMs: lasted, failures: this.failures },
      `${this.what} still ${cause} after ${formatDuration(lasted)} (${this.failures} failures): ${reason}`,
    );
  }

  recovered(): void {
    if (this.since === undefined) return;
    const lasted = this.now() - this.since;
    this.logger.warn(
      { failedForMs: lasted, failures: this.failures },
      `${this.what} recovered after ${formatDuration(lasted)} (${this.failures} failures)`,
    );
    this.since = undefined;
    this.failures = 0;
  }
}
