import { spawn } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * node dist/bench/footprint.js <command…>
 *
 * Runs the command (a bench, `node dist/scripts/start.js`, …) and, every half second until it ends,
 * reads /proc for this checkout's api, workers and web processes (dist/…/main.js): their peak
 * resident memory (VmHWM) and CPU use. Prints one line per role, the figures k8s/ sizes its
 * requests and limits from (docs/operations.md). Linux only; prints figures, never fails on them.
 */

const ROLES: Record<string, string> = {
  'dist/api/src/main.js': 'api',
  'dist/workers/src/main.js': 'workers',
  'dist/web/server/main.js': 'web',
};
const SAMPLE_MS = 500;
const TICKS_PER_SECOND = 100;

interface Sample {
  role: string;
  peakKiB: number;
  cpuTicks: number;
  lastTicks: number;
  lastAt: number;
  /** CPU cores used, per sample interval. */
  rates: number[];
}

const samples = new Map<number, Sample>();

async function roleOf(pid: number): Promise<string | undefined> {
  const [cwd, cmdline] = await Promise.all([readlink(`/proc/${pid}/cwd`), readFile(`/proc/${pid}/cmdline`, 'utf8')]);
  if (cwd !== process.cwd()) return undefined;
  const script = Object.keys(ROLES).find((path) => cmdline.includes(path));
  return script ? ROLES[script] : undefined;
}

async function sample(pid: number): Promise<void> {
  const known = samples.get(pid);
  const role = known?.role ?? (await roleOf(pid));
  if (!role) return;
  const [status, stat] = await Promise.all([readFile(`/proc/${pid}/status`, 'utf8'), readFile(`/proc/${pid}/stat`, 'utf8')]);
  const peakKiB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // utime and stime are fields 14 and 15; the command name (field 2) may hold spaces, so count after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const now = Date.now();
  if (!known) {
    samples.set(pid, { role, peakKiB, cpuTicks: ticks, lastTicks: ticks, lastAt: now, rates: [] });
    return;
  }
  known.peakKiB = Math.max(known.peakKiB, peakKiB);
  known.rates.push((ticks - known.lastTicks) / TICKS_PER_SECOND / ((now - known.lastAt) / 1000));
  known.lastTicks = ticks;
  known.lastAt = now;
}

async function sampleAll(): Promise<void> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  // A process may end between the listing and the read: it is simply not sampled.
  await Promise.all(pids.map((pid) => sample(pid).catch(() => undefined)));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : 0;
};

function report(): void {
  console.log('\nfootprint (per process; CPU in cores over 0.5 s samples):');
  for (const [pid, figures] of samples) {
    const mean = figures.rates.reduce((sum, rate) => sum + rate, 0) / Math.max(1, figures.rates.length);
    console.log(
      `  ${figures.role.padEnd(8)} pid ${String(pid).padStart(7)}  peak RSS ${(figures.peakKiB / 1024).toFixed(0).padStart(5)} MiB` +
        `  CPU mean ${mean.toFixed(2)}  p95 ${quantile(figures.rates, 0.95).toFixed(2)}  max ${quantile(figures.rates, 1).toFixed(2)}` +
        `  total ${((figures.lastTicks - figures.cpuTicks) / TICKS_PER_SECOND).toFixed(1)} s over ${figures.rates.length / 2} s`,
    );
  }
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node dist/bench/footprint.js <command…>');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit' });
const timer = setInterval(() => void sampleAll(), SAMPLE_MS);
process.on('SIGINT', () => child.kill('SIGINT'));
child.on('exit', (code) => {
  clearInterval(timer);
  report();
  process.exit(code ?? 1);
});
