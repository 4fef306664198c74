import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** What paced-load.ts reports: every answered request's latency (ms, sorted) and what went wrong. */
export interface LoadRun {
  sent: number;
  errors: number;
  non2xx: number;
  skipped: number;
  seconds: number;
  latencies: number[];
}

export interface Latency {
  answered: number;
  errors: number;
  non2xx: number;
  skipped: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Figures of one or more runs taken together. */
export function latencyOf(...runs: LoadRun[]): Latency {
  const all = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const at = (quantile: number) => (all.length ? all[Math.min(all.length - 1, Math.ceil(quantile * all.length) - 1)]! : 0);
  const sum = (pick: (run: LoadRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    answered: all.length,
    errors: sum((run) => run.errors),
    non2xx: sum((run) => run.non2xx),
    skipped: sum((run) => run.skipped),
    seconds: sum((run) => run.seconds),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
  };
}

/**
 * Starts paced-load.ts (its own process) sending `rate` GETs a second over `paths`, each with
 * `headers`; `stop()` ends it and returns the figures.
 */
export function pacedLoad(url: string, paths: string[], rate: number, headers?: Record<string, string>): { stop: () => Promise<LoadRun> } {
  const runner = fileURLToPath(new URL('./paced-load.js', import.meta.url));
  const child = spawn(process.execPath, [runner], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const closed = once(child, 'close');
  child.stdin.write(`${JSON.stringify({ url, paths, rate, headers })}\n`);
  return {
    stop: async () => {
      child.stdin.end();
      await closed;
      return JSON.parse(Buffer.concat(output).toString('utf8')) as LoadRun;
    },
  };
}

/** One line of latency figures for a bench's printout. */
export function latencyLine(label: string, figures: Latency): string {
  return (
    `  ${label.padEnd(9)} ${String(figures.answered).padStart(6)} answered in ${figures.seconds.toFixed(1).padStart(5)} s` +
    `  p50 ${figures.p50.toFixed(2).padStart(7)} ms  p90 ${figures.p90.toFixed(2).padStart(7)} ms` +
    `  p99 ${figures.p99.toFixed(2).padStart(7)} ms  max ${figures.max.toFixed(2).padStart(7)} ms` +
    `  (errors ${figures.errors}, non-2xx ${figures.non2xx}, skipped ${figures.skipped})`
  );
}
