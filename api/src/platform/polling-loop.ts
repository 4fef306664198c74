/** Hears how passes end (an OutageLog: a failure once, then reminders, then the recovery). */
export interface PassReporter {
  failed(error: unknown): void;
  recovered(): void;
}

/**
 * Runs `pass` every `intervalMs`, one pass at a time (the next waits for the last to end); each pass
 * is reported as failed or succeeded, and the loop goes on. `stop()` waits for the pass under way.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly intervalMs: number,
    private readonly pass: () => Promise<void>,
    private readonly reporter: PassReporter,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .then(
          () => this.reporter.recovered(),
          (error: unknown) => this.reporter.failed(error),
        )
        .finally(() => this.schedule());
    }, this.intervalMs);
  }
}
