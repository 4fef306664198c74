import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface NodeProcess {
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then waits for the exit (SIGKILL after the grace period); returns the exit code. */
  stop: (graceMs?: number) => Promise<number | null>;
}

/** Runs a compiled entry point (dist/…) as a real process, keeping its output for failure messages. */
export function startNodeProcess(script: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: async (graceMs = 15_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit') as Promise<[number | null]>;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        process.stderr.write(`${script} did not stop within ${graceMs} ms; killing it. Its last output:\n${output.slice(-4000)}\n`);
        child.kill('SIGKILL');
      }, graceMs);
      const [code] = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export { freePort } from '../../scripts/free-port.js';
