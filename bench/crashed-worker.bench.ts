import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseConfig } from '../api/src/platform/config/config.schema.js';
import { defineJob, jobIdFor } from '../api/src/platform/jobs/job-definition.js';
import { JobQueues } from '../api/src/platform/jobs/job-queues.js';
import { JobRegistry } from '../api/src/platform/jobs/job-registry.js';
import { JobRunner } from '../api/src/platform/jobs/job-runner.service.js';
import { JobMetrics } from '../api/src/platform/jobs/job-metrics.js';
import { Metrics } from '../api/src/platform/metrics/metrics.js';
import { BENCH_PORTS } from './bench-processes.js';
import { defineDomainEvent } from '../api/src/platform/outbox/domain-event.js';

/**
 * How long a job waits after the worker running it dies (SIGKILL: no graceful close, its lock is
 * left to lapse) before another worker takes it over. Prints figures; asserts nothing.
 *
 *   npm run bench:crashed-worker        (BENCH_ROUNDS, default 3)
 */
const Ticked = defineDomainEvent('bench.ticked', z.object({ round: z.number() }));
const SlowJob = defineJob({ name: 'bench.slow', queue: 'bench-crash', startedBy: Ticked, attempts: 3 });
const config = parseConfig({
  ...process.env,
  ...BENCH_PORTS,
  QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? `tribe-bench-${randomUUID().slice(0, 8)}`,
  LOG_LEVEL: 'silent',
});

/** In a child: run the queue; the first worker hangs in the job, the second finishes it. */
async function runWorker(hang: boolean): Promise<void> {
  const registry = JobRegistry.of([
    {
      definition: SlowJob,
      handler: {
        handle: async () => {
          process.send!({ took: Date.now() });
          if (hang) await new Promise(() => undefined);
        },
        findDue: async () => [],
      },
    },
  ]);
  new JobRunner(registry, config, new JobMetrics(new Metrics())).start();
  process.send!({ ready: true });
}

async function round(queues: JobQueues, index: number): Promise<number> {
  const script = fileURLToPath(import.meta.url);
  const env = { ...process.env, QUEUE_PREFIX: config.QUEUE_PREFIX };
  const first = fork(script, ['--worker', 'hang'], { env });
  await once(first, 'message');
  const taken = once(first, 'message');
  const outboxId = randomUUID();
  await queues.add(SlowJob, { round: index, outboxId });
  await taken;
  first.kill('SIGKILL');
  const killedAt = Date.now();

  const second = fork(script, ['--worker', 'finish'], { env });
  await once(second, 'message');
  const [{ took }] = (await once(second, 'message')) as [{ took: number }];
  const job = (await queues.queue(SlowJob.queue).getJob(jobIdFor(SlowJob, outboxId)))!;
  while ((await job.getState()) !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
  second.kill('SIGKILL');
  return took - killedAt;
}

/** The lock (8 s) runs out, the next stalled check (every 2 s) finds it, and the other worker takes the job. */
const TAKEOVER_TARGET_MS = 12_000;

if (process.argv[2] === '--worker') {
  await runWorker(process.argv[3] === 'hang');
} else {
  const queues = new JobQueues(config);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const waits: number[] = [];
  for (let index = 0; index < rounds; index += 1) waits.push(await round(queues, index));
  await queues.queue(SlowJob.queue).obliterate({ force: true });
  await queues.onApplicationShutdown();
  console.log(`crashed worker → job taken over after: ${waits.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (target ≈ 10 s)`);
  const worst = Math.max(...waits);
  console.log(
    `  ${worst <= TAKEOVER_TARGET_MS ? 'MET   ' : 'MISSED'} taken over within ${TAKEOVER_TARGET_MS / 1000} s: worst ${(worst / 1000).toFixed(1)} s`,
  );
  process.exit(0);
}
