import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropDatabase, withDatabaseName } from '../api/src/platform/database/postgres-admin.js';
import { freeEmulatorPorts, startAuthEmulator, type AuthEmulator } from '../scripts/auth-emulator.js';
import { freePort } from '../scripts/free-port.js';
import { stopProcess, until } from './bench-processes.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, FANS, HOSTS } from '../scripts/seed/demo-data.js';

/**
 * The product as `npm start` runs it (dist/scripts/start.js: API, workers and the web in production
 * mode, each its own process), on a fresh database of the bench's own loaded by `npm run seed`, on
 * free ports, with a Firebase Auth emulator of its own so the login screen is the one people get.
 * For the benches that measure what a person's browser or a long day sees, not one module.
 */
export interface RunningProduct {
  webUrl: string;
  apiUrl: string;
  /** Process id of `start.js`, whose children are the API, the workers and the web. */
  pid: number;
  /** The demo's people's credentials: its fans, Priya first, then its hosts. */
  people: Array<{ email: string; password: string }>;
  stop: () => Promise<void>;
}

/** dist/, where the built scripts are (start.js itself runs its children from the repository's root). */
const DIST = fileURLToPath(new URL('..', import.meta.url));
const READY_WITHIN_MS = 90_000;

/** Whether `url` answers 2xx within 2 s (false while the process is still starting). */
async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function runToEnd(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [join(DIST, script)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
}

export async function startProduct(name: string, extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe';
  const databaseUrl = withDatabaseName(base, `tribe_bench_${name}`);
  await dropDatabase(databaseUrl);
  const uploads = join(tmpdir(), `tribe-bench-${name}-uploads`);
  await rm(uploads, { recursive: true, force: true });
  const [apiPort, webPort] = [await freePort(), await freePort()];
  let emulator: AuthEmulator | undefined;
  try {
    emulator = await startAuthEmulator('demo-tribe', await freeEmulatorPorts());
  } catch (error) {
    console.log(
      `  the Auth emulator did not start (${(error as Error).message.split('\n')[0]}); /login is measured as npm start serves it then`,
    );
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: `tribe-bench-${name}`,
    UPLOAD_DIR: uploads,
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    API_URL: `http://127.0.0.1:${apiPort}`,
    API_METRICS_PORT: '0',
    WORKERS_OPS_PORT: '0',
    LOG_LEVEL: 'warn',
    // The seed registers the demo's people from this machine's address; the per-address hourly limit
    // lives in Redis, so a second bench within the hour would be refused without room for it.
    REGISTRATIONS_PER_IP_PER_HOUR: '1000',
    ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : {}),
    ...extraEnv,
  };
  // `npm run seed` migrates the new database and loads the demo through the API's own pipeline.
  await runToEnd('scripts/seed.js', env);
  const product = spawn(process.execPath, [join(DIST, 'scripts/start.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    // start.js stops its three children in turn: give it longer than one process.
    await stopProcess(product, 25_000);
    await emulator?.stop();
    await dropDatabase(databaseUrl).catch(() => undefined);
    await rm(uploads, { recursive: true, force: true });
  };
  const webUrl = `http://127.0.0.1:${webPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  try {
    await until(() => answersOk(`${apiUrl}/api/v1/health`), 'the API', READY_WITHIN_MS, 250);
    await until(() => answersOk(`${webUrl}/public`), 'the web', READY_WITHIN_MS, 250);
  } catch (error) {
    await stop();
    throw error;
  }
  const people = [...FANS, ...HOSTS].map((person) => ({ email: `${person.key}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD }));
  return { webUrl, apiUrl, pid: product.pid!, people, stop };
}

/** Signs in through the web's login form (as a browser without JavaScript would); answers the session cookie. */
export async function sessionCookieOf(webUrl: string, person: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${webUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: person.email, password: person.password, terms: 'on' }),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`signing ${person.email} in answered ${response.status}`);
  return cookies.join('; ');
}

/** The first event `/public` lists, read from its HTML as a visitor would open it. */
export async function firstListedEventPath(webUrl: string): Promise<string> {
  const html = await (await fetch(`${webUrl}/public`, { signal: AbortSignal.timeout(15_000) })).text();
  const match = /href="(\/event\/[0-9a-f-]{36})"/.exec(html);
  if (!match) throw new Error('/public lists no event');
  return match[1]!;
}
