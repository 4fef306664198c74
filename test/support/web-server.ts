import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { freePort, startNodeProcess, type NodeProcess } from './node-process.js';
import { waitUntil } from './poll.js';

const ENTRY_POINT = 'dist/web/server/main.js';

/**
 * One more web server process (the compiled one), with settings of the test's own: another API
 * address, production mode, short timeouts. Assumes `npm run build`.
 */
export interface WebServer {
  /** http://127.0.0.1:<port> */
  url: string;
  process: NodeProcess;
  stop: () => Promise<void>;
}

/** The settings every extra web server gets unless the test says otherwise. */
function baseEnv(port: number): Record<string, string> {
  return { NODE_ENV: 'test', WEB_PORT: String(port), COOKIE_SECURE: 'false', SESSION_SECRET: 'a-test-session-secret-of-some-length' };
}

export async function startWebServer(env: Record<string, string>): Promise<WebServer> {
  if (!existsSync(ENTRY_POINT)) throw new Error(`${ENTRY_POINT} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const process = startNodeProcess(ENTRY_POINT, { ...baseEnv(port), ...env });
  try {
    await waitUntil(
      async () => {
        if (process.child.exitCode !== null) throw new Error(`the web server exited during start-up:\n${process.output()}`);
        return (await fetch(`${url}/login`, { redirect: 'manual' }).catch(() => undefined))?.status === 200;
      },
      'the web server to answer',
      30_000,
    );
  } catch (error) {
    await process.stop();
    throw error;
  }
  return { url, process, stop: async () => void (await process.stop()) };
}

/** Runs a web server that is expected to refuse its settings: its exit code and what it printed. */
export async function webServerRefusal(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const process = startNodeProcess(ENTRY_POINT, { ...baseEnv(port), ...env });
  const timer = setTimeout(() => void process.stop(), 20_000);
  const [code] = (await once(process.child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output: process.output() };
}
