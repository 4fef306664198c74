import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.js';

/**
 * The Firebase Auth emulator (firebase-tools, auth only, no UI): Google and phone sign-in for local
 * runs and tests, offline, with a demo-* project. Used by `npm start` and the tests.
 */
export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface AuthEmulatorPorts {
  auth: number;
  /** The CLI's hub and logging ports: distinct per emulator, so several can run side by side. */
  hub: number;
  logging: number;
}

const FIREBASE_CLI = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
// About 10 s of CPU to start: minutes of wall time on a loaded two-core machine.
const START_DEADLINE_MS = 180_000;
const STOP_GRACE_MS = 10_000;

/** The ports of the committed firebase.json (what `npx firebase emulators:start` uses by hand too). */
export async function committedEmulatorPorts(): Promise<AuthEmulatorPorts> {
  const config = JSON.parse(await readFile('firebase.json', 'utf8')) as {
    emulators: { auth: { port: number }; hub: { port: number }; logging: { port: number } };
  };
  return { auth: config.emulators.auth.port, hub: config.emulators.hub.port, logging: config.emulators.logging.port };
}

/** Any three free ports (for tests, which may run several emulators at once). */
export async function freeEmulatorPorts(): Promise<AuthEmulatorPorts> {
  return { auth: await freePort(), hub: await freePort(), logging: await freePort() };
}

/** Starts the emulator for `projectId` and resolves once it answers; rejects with its output if it cannot. */
export async function startAuthEmulator(projectId: string, ports: AuthEmulatorPorts): Promise<AuthEmulator> {
  // A config of its own in a folder of its own: the CLI writes its debug log beside it.
  const folder = await mkdtemp(join(tmpdir(), 'tribe-auth-emulator-'));
  const host = `127.0.0.1:${ports.auth}`;
  const emulators = {
    auth: { host: '127.0.0.1', port: ports.auth },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    ui: { enabled: false },
  };
  await writeFile(join(folder, 'firebase.json'), JSON.stringify({ emulators }));
  const child = spawn(process.execPath, [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: folder,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    await rm(folder, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const answer = await fetch(`http://${host}/emulator/v1/projects/${projectId}/config`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => undefined,
    );
    if (answer?.ok) return { host, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output.slice(-2000)}`);
}
