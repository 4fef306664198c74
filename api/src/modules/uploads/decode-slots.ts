export interface DecodeSlotsOptions {
  /** Works run at once. */
  concurrency: number;
  /** Works that may wait for a slot; one more is refused at once. */
  maxWaiting: number;
  /** How long a work may wait for a slot before it is refused. */
  maxWaitMs: number;
}

/** No slot came free: the queue was full, or the wait ran out. */
export class NoDecodeSlotError extends Error {
  constructor(readonly reason: 'queue_full' | 'timed_out') {
    super(reason === 'queue_full' ? 'every image decode slot is taken and the queue is full' : 'no image decode slot came free in time');
  }
}

interface Waiter {
  grant: () => void;
}

/**
 * A small semaphore over image decoding in the API process. sharp runs on libuv's thread pool, which
 * password hashing (scrypt) and file I/O share (4 threads by default): a burst of large images must not
 * take every thread. Works beyond `concurrency` wait in order, at most `maxWaiting` of them and for at
 * most `maxWaitMs`; beyond either they are refused (the caller answers 503 with Retry-After).
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: DecodeSlotsOptions) {}

  /** Runs `work` in a slot, waiting for one if need be; throws NoDecodeSlotError when none comes. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Works running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private acquire(): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting || this.options.maxWaitMs <= 0) {
      return Promise.reject(new NoDecodeSlotError('queue_full'));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new NoDecodeSlotError('timed_out'));
      }, this.options.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** A finished work hands its slot to the first waiter, if any. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.running -= 1;
  }
}
