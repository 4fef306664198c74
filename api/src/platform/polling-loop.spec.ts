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

describe('PollingLoop.wake', () => {
  const quiet = { failed: () => undefined, recovered: () => undefined };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** A pass that stays open until the test ends it, so wakes can land while it runs. */
  const gatedPasses = () => {
    const gates: Array<() => void> = [];
    return {
      gates,
      pass: () => new Promise<void>((resolve) => gates.push(resolve)),
    };
  };

  it('runs a pass at once instead of waiting for the interval', async () => {
    const { gates, pass } = gatedPasses();
    const loop = new PollingLoop(60_000, pass, quiet);
    loop.start();
    expect(gates).toHaveLength(0);
    loop.wake();
    expect(gates).toHaveLength(1);
    gates[0]!();
    await loop.stop();
  });

  it('makes exactly one more pass for any number of wakes during a pass, then waits for the interval again', async () => {
    const { gates, pass } = gatedPasses();
    const loop = new PollingLoop(60_000, pass, quiet);
    loop.start();
    loop.wake();
    loop.wake();
    loop.wake();
    expect(gates).toHaveLength(1);

    gates[0]!();
    while (gates.length < 2) await tick();
    gates[1]!();
    for (let n = 0; n < 5; n += 1) await tick();
    expect(gates).toHaveLength(2);
    await loop.stop();
  });

  it('does nothing once stopped, and before it starts', async () => {
    const { gates, pass } = gatedPasses();
    const loop = new PollingLoop(60_000, pass, quiet);
    loop.wake();
    loop.start();
    await loop.stop();
    loop.wake();
    expect(gates).toHaveLength(0);
  });
});
