import { jest } from '@jest/globals';
import { DecodeSlots, NoDecodeSlotError } from './decode-slots.js';

/** A work that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await opened;
      return 'done';
    },
    open,
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('DecodeSlots', () => {
  it('runs at most `concurrency` works at once; the next waits and starts when one finishes', async () => {
    const slots = new DecodeSlots({ concurrency: 2, maxWaiting: 4, maxWaitMs: 5_000 });
    const [a, b, c] = [gate(), gate(), gate()];
    const runs = [slots.run(a.work), slots.run(b.work), slots.run(c.work)];
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, true, false]);
    expect(slots.load).toEqual({ running: 2, waiting: 1 });

    a.open();
    await tick();
    expect(c.started()).toBe(true);
    expect(slots.load).toEqual({ running: 2, waiting: 0 });
    b.open();
    c.open();
    await expect(Promise.all(runs)).resolves.toEqual(['done', 'done', 'done']);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, without running the work', async () => {
    const slots = new DecodeSlots({ concurrency: 1, maxWaiting: 1, maxWaitMs: 5_000 });
    const [running, queued, refused] = [gate(), gate(), gate()];
    const first = slots.run(running.work);
    const second = slots.run(queued.work);
    const third = slots.run(refused.work);
    await expect(third).rejects.toEqual(new NoDecodeSlotError('queue_full'));
    expect(refused.started()).toBe(false);
    running.open();
    queued.open();
    await expect(Promise.all([first, second])).resolves.toEqual(['done', 'done']);
  });

  it('gives up on a wait that runs out, and the slot still passes to the next waiter', async () => {
    jest.useFakeTimers();
    try {
      const slots = new DecodeSlots({ concurrency: 1, maxWaiting: 5, maxWaitMs: 1_000 });
      const [running, late, later] = [gate(), gate(), gate()];
      const first = slots.run(running.work);
      const timedOut = slots.run(late.work);
      jest.advanceTimersByTime(600);
      const patient = slots.run(later.work);
      jest.advanceTimersByTime(500);
      await expect(timedOut).rejects.toEqual(new NoDecodeSlotError('timed_out'));
      expect(late.started()).toBe(false);
      expect(slots.load).toEqual({ running: 1, waiting: 1 });

      running.open();
      await first;
      await Promise.resolve();
      expect(later.started()).toBe(true);
      later.open();
      await expect(patient).resolves.toBe('done');
      expect(slots.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('frees the slot when the work fails', async () => {
    const slots = new DecodeSlots({ concurrency: 1, maxWaiting: 0, maxWaitMs: 0 });
    await expect(slots.run(() => Promise.reject(new Error('corrupt image')))).rejects.toThrow('corrupt image');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});
