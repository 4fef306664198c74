import { type INestApplicationContext } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readiness } from './health/readiness.js';

export interface ShutdownOptions {
  /** After SIGTERM, how long to keep serving while unready (load balancers notice and move away). */
  drainMs: number;
  /** From the signal to the exit at the latest, whatever is still running. */
  graceMs: number;
  /** Closed after the application: the ops server answers probes and scrapes until the end. */
  afterClose?: () => Promise<void>;
}

/**
 * On SIGTERM (a deploy, a scale-down) or SIGINT (Ctrl-C): report unready at once; after SIGTERM keep
 * serving for `drainMs`; then close the application (the HTTP server stops accepting and finishes
 * its requests, workers finish their current jobs, the relay ends its batch, connections close) and
 * exit 0. Past `graceMs` the process exits 1 anyway: a job still running is handed back to the queue
 * when its lock lapses. A second signal while closing exits at once.
 */
export function closeOnSignals(app: INestApplicationContext, log: (message: string) => void, options: ShutdownOptions): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    app.get(Readiness).drain();
    const drainMs = signal === 'SIGTERM' ? options.drainMs : 0;
    log(`${signal} received: unready now, ${drainMs > 0 ? `closing in ${drainMs} ms` : 'closing'}`);
    setTimeout(() => {
      log(`still closing ${options.graceMs} ms after ${signal}: exiting anyway`);
      process.exit(1);
    }, options.graceMs).unref();
    sleep(drainMs)
      .then(() => app.close())
      .then(() => options.afterClose?.())
      .then(
        () => {
          log('shut down cleanly');
          process.exit(0);
        },
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
