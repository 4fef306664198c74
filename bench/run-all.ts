import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

/**
 * npm run bench: every `bench:<name>` script of package.json, one after another (they would only
 * measure each other side by side), then one summary: each bench's verdict lines (MET / MISSED)
 * and how it ended. Written to bench-results/summary.json too. Benches print figures and never
 * fail on time: this exits non-zero only when a bench itself failed to run.
 * The invoices bench runs inside the footprint wrapper, which adds the processes' memory and CPU.
 */

interface BenchRun {
  name: string;
  command: string[];
  /** "ok", "exit 1" or "killed by SIGKILL". */
  ended: string;
  seconds: number;
  verdicts: Array<{ verdict: 'MET' | 'MISSED'; line: string }>;
  /** Lines without a verdict that still carry a figure worth the summary (footprint's per-process lines). */
  figures: string[];
}

const SUMMARY_FILE = 'bench-results/summary.json';
const VERDICT = /\b(MET|MISSED)\b/;
const FOOTPRINT = ['node', 'dist/bench/footprint.js'];

/** `npm run build:server && node dist/bench/x.js` → ['node', 'dist/bench/x.js']. */
export function benchCommands(scripts: Record<string, string>): Array<{ name: string; command: string[] }> {
  return Object.entries(scripts)
    .filter(([script]) => script.startsWith('bench:') && script !== 'bench:footprint')
    .map(([script, line]) => {
      const name = script.slice('bench:'.length);
      const command = line.split('&&').at(-1)!.trim().split(/\s+/);
      return { name, command: name === 'invoices' ? [...FOOTPRINT, ...command] : command };
    });
}

async function run(name: string, command: string[]): Promise<BenchRun> {
  const started = Date.now();
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  // Listened for from the start: a bench killed by a signal has no exit code, and its exit may come before its output ends.
  const closed = once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
  const result: BenchRun = { name, command, ended: '', seconds: 0, verdicts: [], figures: [] };
  let inFootprint = false;
  for await (const line of createInterface({ input: child.stdout })) {
    console.log(`[${name}] ${line}`);
    const verdict = VERDICT.exec(line)?.[1] as 'MET' | 'MISSED' | undefined;
    if (verdict) result.verdicts.push({ verdict, line: line.trim() });
    if (line.startsWith('footprint')) inFootprint = true;
    else if (inFootprint && line.trim()) result.figures.push(line.trim());
  }
  const [code, signal] = await closed;
  result.ended = code === 0 ? 'ok' : code === null ? `killed by ${signal}` : `exit ${code}`;
  result.seconds = (Date.now() - started) / 1000;
  return result;
}

function summary(runs: BenchRun[]): string {
  const lines = ['', 'Benchmarks', `${'bench'.padEnd(16)}${'ended'.padEnd(18)}${'seconds'.padStart(8)}  verdicts`];
  for (const bench of runs) {
    const met = bench.verdicts.filter((item) => item.verdict === 'MET').length;
    const missed = bench.verdicts.length - met;
    const verdicts = bench.verdicts.length ? `${met} MET, ${missed} MISSED` : 'figures only';
    lines.push(`${bench.name.padEnd(16)}${bench.ended.padEnd(18)}${bench.seconds.toFixed(1).padStart(8)}  ${verdicts}`);
  }
  for (const bench of runs) {
    for (const item of bench.verdicts) lines.push(`  ${bench.name}: ${item.line}`);
    for (const figure of bench.figures) lines.push(`  ${bench.name}: ${figure}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
  const only = process.argv.slice(2);
  const benches = benchCommands(scripts).filter((bench) => only.length === 0 || only.includes(bench.name));
  const runs: BenchRun[] = [];
  for (const bench of benches) runs.push(await run(bench.name, bench.command));
  console.log(summary(runs));
  await mkdir('bench-results', { recursive: true });
  await writeFile(SUMMARY_FILE, `${JSON.stringify({ finishedAt: new Date().toISOString(), runs }, null, 2)}\n`);
  console.log(`\nwritten to ${SUMMARY_FILE}`);
  process.exit(runs.every((bench) => bench.ended === 'ok') ? 0 : 1);
}

if (process.argv[1]?.endsWith('run-all.js')) await main();
