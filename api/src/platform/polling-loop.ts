/** Hears how passes end (an OutageLog: a failure once, then reminders, then the recovery). */
export interface PassReporter {
  failed(error: unknown): void;
  recovered(): void;
}

/**
 * Runs `pass` every `intervalMs`, one pass at a time (the next waits for the last to end); each pass
 * is reported as failed or succeeded, and the loop goes on. `wake()` runs a pass now instead of at
 * the next tick; wakes that come while a pass runs make exactly one more pass right after it (they
 * may be about work that pass had already looked past). `stop()` waits for the pass under way.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wokenDuringPass = false;

  constructor(
    private readonly intervalMs: number,
    private readonly pass: () => Promise<void>,
    private readonly reporter: PassReporter,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.intervalMs);
  }

  /** Something is (or may be) waiting: pass now, or once more as soon as the pass under way ends. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenDuringPass = true;
      return;
    }
    clearTimeout(this.timer);
    this.runPass();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.runPass(), delayMs);
  }

  private runPass(): void {
    this.timer = undefined;
    this.wokenDuringPass = false;
    this.running = this.pass()
      .then(
        () => this.reporter.recovered(),
        (error: unknown) => this.reporter.failed(error),
      )
      .finally(() => {
        this.running = undefined;
        this.schedule(this.wokenDuringPass ? 0 : this.intervalMs);
      });
  }
}
