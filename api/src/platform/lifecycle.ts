import { type INestApplicationContext } from '@nestjs/common';

/**
 * On SIGINT/SIGTERM: close the application (shutdown hooks run: workers finish their current jobs,
 * connections close) and exit 0. A second signal while closing exits at once.
 */
export function closeOnSignals(app: INestApplicationContext, log: (message: string) => void): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log(`${signal} received: shutting down`);
    app.close().then(
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
