import { PollingLoop } from './polling-loop.js';

describe('PollingLoop', () => {
  it('runs one pass at a time, goes on after a failing pass, and waits for the pass under way when stopped', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    let concurrent = 0;
    let overlapped = false;
    let finishedLast = false;
    const loop = new PollingLoop(
      5,
      async () => {
        passes += 1;
        concurrent += 1;
        overlapped ||= concurrent > 1;
        await new Promise((resolve) => setTimeout(resolve, 15));
        concurrent -= 1;
        if (passes === 2) throw new Error('second pass failed');
        finishedLast = true;
      },
      { failed: (error) => errors.push(error), recovered: () => undefined },
    );
    loop.start();
    loop.start();
    while (passes < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    finishedLast = false;
    await loop.stop();
    const stoppedAt = passes;
    await new Promise((resolve) => setTimeout(resolve, 40));

    expect(overlapped).toBe(false);
    expect(errors).toEqual([new Error('second pass failed')]);
    expect(finishedLast).toBe(true);
    expect(passes).toBe(stoppedAt);
  });
});
