import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import webpush from 'web-push';
import { ConfigError, parseConfig, type AppConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';
import { committedEmulatorPorts, startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import { checkServices, PreflightError } from './preflight.js';

/**
 * `npm start`: checks PostgreSQL and Redis, creates and migrates the database, then runs the API,
 * the workers and the web app until Ctrl-C, when each is asked to stop and given time to finish.
 */
const STOP_GRACE_MS = 20_000;

/**
 * A young generation of 4 MiB semi-spaces (V8's default grows to 16): collected more often and more
 * cheaply, it keeps each process's resident memory about 20–45 MiB lower under load (bench:soak);
 * the Kubernetes manifests set the same in NODE_OPTIONS.
 */
const NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=4'];
/**
 * The web renders pages: much short-lived garbage and a small live set (its build and caches). With
 * V8's default limit its old generation grew to 260 MiB of RSS between collections (bench:soak); a
 * lower ceiling makes V8 collect sooner. Kubernetes sets its own (k8s/base/web.yaml).
 */
const WEB_NODE_ARGS = [...NODE_ARGS, '--max-old-space-size=128'];

const say = (message: string) => console.log(`[tribe] ${message}`);

/**
 * A secret the product needs and production must set (SESSION_SECRET signs the web's cookie,
 * KYC_ENCRYPTION_KEY encrypts hosts' bank details, INVOICE_URL_SECRET signs invoice links, TICKET_SECRET signs tickets). Unset,
 * this machine gets its own random value, kept in .data so that a restart keeps sessions, data and
 * links readable.
 */
async function keptSecret(name: string, file: string): Promise<string> {
  const given = process.env[name];
  if (given) return given;
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim()) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await mkdir('.data', { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The VAPID key pair that signs Web Push requests: browsers subscribe with its public half, so it
 * must outlive a restart too (new keys would leave every subscribed browser without pushes). Kept in
 * .data/vapid-keys.json unless the environment gives keys.
 */
async function keptVapidKeys(file: string): Promise<{ VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }> {
  if (process.env.VAPID_PUBLIC_KEY || process.env.VAPID_PRIVATE_KEY) return {};
  const existing = await readFile(file, 'utf8').catch(() => '');
  const keys = existing ? (JSON.parse(existing) as webpush.VapidKeys) : webpush.generateVAPIDKeys();
  if (!existing) {
    await mkdir('.data', { recursive: true });
    await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  }
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

const EMULATOR_DID_NOT_START =
  'Google and mobile sign-in are off: the local Firebase Auth emulator did not start (the npm start log says why).';

/**
 * Google and phone sign-in on this machine: with no Firebase project configured (a demo-* id, the
 * default) and no emulator named, the Firebase Auth emulator is started for the API and the web. If
 * it cannot start, everything else still runs and the login screen's two buttons say why.
 */
async function localSignIn(config: AppConfig): Promise<{ env: Record<string, string>; emulator?: AuthEmulator }> {
  if (!config.FIREBASE_PROJECT_ID.startsWith('demo-') || config.FIREBASE_AUTH_EMULATOR_HOST) return { env: {} };
  const ports = await committedEmulatorPorts();
  const auth = Number(process.env.FIREBASE_AUTH_EMULATOR_PORT || ports.auth);
  say(`starting the Firebase Auth emulator for Google and phone sign-in (project ${config.FIREBASE_PROJECT_ID}, port ${auth})…`);
  try {
    const emulator = await startAuthEmulator(config.FIREBASE_PROJECT_ID, { ...ports, auth });
    say(
      `Firebase Auth emulator: http://${emulator.host} (test accounts only; codes at /emulator/v1/projects/${config.FIREBASE_PROJECT_ID}/verificationCodes)`,
    );
    return { env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host }, emulator };
  } catch (error) {
    say(
      `the Firebase Auth emulator did not start; Google and mobile sign-in are off. ${error instanceof Error ? error.message : String(error)}`,
    );
    return { env: { FIREBASE_SIGN_IN_UNAVAILABLE: EMULATOR_DID_NOT_START } };
  }
}

async function waitForHealth(url: string, deadlineMs: number): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main() {
  const config = parseConfig();
  await checkServices(config);
  const applied = await migrateDatabase(config);
  say(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');

  const apiUrl = `http://localhost:${config.API_PORT}`;
  const signIn = await localSignIn(config);
  const env = {
    ...process.env,
    ...signIn.env,
    API_URL: process.env.API_URL ?? `http://127.0.0.1:${config.API_PORT}`,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    SESSION_SECRET: await keptSecret('SESSION_SECRET', '.data/session-secret'),
    KYC_ENCRYPTION_KEY: await keptSecret('KYC_ENCRYPTION_KEY', '.data/kyc-key'),
    INVOICE_URL_SECRET: await keptSecret('INVOICE_URL_SECRET', '.data/invoice-url-secret'),
    TICKET_SECRET: await keptSecret('TICKET_SECRET', '.data/ticket-secret'),
    // glibc's malloc keeps an arena per thread (libuv's pool, sharp's decoders); two bound the memory
    // that fragmentation holds (the same setting as the Kubernetes manifests).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...(await keptVapidKeys('.data/vapid-keys.json')),
  };
  // The payment sandbox (the default provider) takes no real money and refuses NODE_ENV=production,
  // so the API and workers run as development unless told otherwise; the web still runs as production.
  const serverEnv = { ...env, NODE_ENV: process.env.NODE_ENV ?? (config.PAYMENT_PROVIDER === 'sandbox' ? 'development' : 'production') };
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const run = (name: string, script: string, childEnv: NodeJS.ProcessEnv = env, nodeArgs = NODE_ARGS) => {
    // Own process group: Ctrl-C reaches only this script, which then stops each child once.
    const child = spawn(process.execPath, [...nodeArgs, script], { env: childEnv, stdio: 'inherit', detached: true });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (!stopping) {
        say(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest`);
        void stop(1);
      } else if (children.size === 0) {
        say('stopped');
        process.exit(exitCode);
      }
    });
  };

  let exitCode = 0;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (children.size === 0) {
      await signIn.emulator?.stop();
      process.exit(code);
    }
    say('stopping: waiting for the API, workers and web to finish their current work…');
    for (const child of children.values()) child.kill('SIGTERM');
    void signIn.emulator?.stop();
    setTimeout(() => {
      for (const child of children.values()) child.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  run('api', 'dist/api/src/main.js', serverEnv);
  run('workers', 'dist/workers/src/main.js', serverEnv);
  run('web', 'dist/web/server/main.js', env, WEB_NODE_ARGS);

  if (await waitForHealth(`${apiUrl}/api/v1/health`, 30_000)) {
    say(`API:  ${apiUrl}/api/v1   (OpenAPI: ${apiUrl}/api/docs)`);
    say(`Web:  http://localhost:${config.WEB_PORT}`);
    say('Press Ctrl-C to stop.');
  } else if (!stopping) {
    say('the API did not become healthy within 30 s; see its log above');
  }
}

main().catch((error: unknown) => {
  if (error instanceof PreflightError || error instanceof ConfigError) console.error(`[tribe] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
