import { type Result } from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, getPriority, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { parseConfig, type AppConfig } from '../api/src/platform/config/config.schema.js';
import { freePort } from '../scripts/free-port.js';
import {
  BENCH_PORTS,
  clearQueues,
  envOf,
  freshDatabase,
  productionSecretsForRun,
  runBench,
  startChild,
  stopChild,
  until,
  type Child,
} from './bench-processes.js';
import { BENCH_CITIES, seedBenchData } from './events.seed.js';

/**
 * npm run bench:pages
 *
 * The server-rendered pages of issue 26 as a visitor's browser gets them: a fresh database
 * (tribe_bench_pages, kept afterwards) seeded with 3,000 events of 200 hosts, 1,000 community posts
 * and ten chat rooms of the signed-in visitor; the API and the web started as production processes
 * (dist/api/src/main.js, dist/web/server/main.js, as `npm start` runs them); a signed-in cookie got
 * from the web's login form (a POST, as a browser without JavaScript sends it). Then autocannon (in
 * its own process, load-runner.ts) at 20 connections per page, asking for compressed answers as
 * browsers do: /public, /event/{id} and /community as a guest, /home, /community and /chat signed in.
 * Each page's HTML is weighed (raw, gzip, and how much of it is inline script: the loader data
 * Remix ships for hydration), and a bare node:http server answering a static HTML of the same size
 * is measured beside it in the same run, as the baseline. Before each page's load, 50 requests one
 * at a time give the CPU time the web and the API spend on one request (from /proc), which another
 * session's work on the machine moves much less than it moves req/s and p99.
 *
 * Goals (issue 26): every page ≥ 300 req/s and p99 ≤ 100 ms at 20 connections; the HTML of a list
 * page (/public, /home) ≤ 40 KB. Prints figures and MET/MISSED; never fails on time.
 *
 *   BENCH_PAGES_DATABASE_URL, BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_PAGES_HTML_DIR (each page's HTML is
 *   written there, to see what it is made of), BENCH_PAGES_ONLY (a regular expression: only the pages whose label
 *   matches it, e.g. "signed in" with BENCH_CPU_PROF_DIR to profile those alone)
 */

const DATABASE_URL = process.env.BENCH_PAGES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_pages';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HTML_DIR = process.env.BENCH_PAGES_HTML_DIR;
const ONLY = new RegExp(process.env.BENCH_PAGES_ONLY ?? '');
const GOAL_REQUESTS_PER_SECOND = 300;
const GOAL_P99_MS = 100;
const GOAL_LIST_PAGE_BYTES = 40 * 1024;
const SIZES = { users: 2_000, influencers: 200, events: 3_000 };
const POSTS = 1_000;
const CHAT_ROOMS = 10;
const WARM_UP_REQUESTS = 20;
const CPU_SAMPLE_REQUESTS = 50;
const PASSWORD = 'bench-pages-password-1';
/** What Chromium sends: the web compresses for it (brotli first). */
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

const log = (line: string) => console.log(line);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); null elsewhere. */
async function cpuMs(pid: number | undefined): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 a second).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/** 1,000 posts (a third with a photo) by the seeded people, newest every 5 minutes; ten chat rooms with a message each. */
async function seedCommunityAndChat(client: pg.Client, viewerId: string): Promise<void> {
  await client.query(
    `WITH people AS (SELECT (row_number() OVER (ORDER BY email))::int AS n, id FROM users WHERE email LIKE 'bench.user.%')
     INSERT INTO community_post (author_id, text, photos, city, created_at)
     SELECT p.id,
            'Bench post ' || g || '. ' || repeat('Met wonderful people and stayed till the very end. ', 1 + g % 5),
            CASE WHEN g % 3 = 0 THEN ARRAY['https://cdn.example.in/uploads/post-' || g || '.webp'] ELSE '{}' END,
            ($3::text[])[1 + g % cardinality($3::text[])],
            now() - g * interval '5 minutes'
       FROM generate_series(1, $1::int) AS g JOIN people p ON p.n = 1 + g % $2::int`,
    [POSTS, SIZES.users, BENCH_CITIES],
  );
  const hosts = await client.query<{ id: string }>(`SELECT id FROM users WHERE role = 'influencer' ORDER BY email LIMIT $1`, [CHAT_ROOMS]);
  for (const [index, host] of hosts.rows.entries()) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO chat_room (name, created_by, last_seq, last_message_at) VALUES ($1, $2, 1, now() - $3 * interval '1 hour') RETURNING id`,
      [`Bench room ${index + 1}`, host.id, index],
    );
    const roomId = rows[0]!.id;
    await client.query(
      `INSERT INTO chat_member (room_id, user_id, role, source) VALUES ($1, $2, 'host', 'host'), ($1, $3, 'member', 'manual')`,
      [roomId, host.id, viewerId],
    );
    await client.query(
      `INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text, created_at)
       VALUES ($1, 1, $2, $3, 'text', 'See you all on Saturday!', now() - $4 * interval '1 hour')`,
      [roomId, host.id, `bench-${index}`, index],
    );
  }
  for (const table of ['community_post', 'chat_room', 'chat_member', 'chat_message']) await client.query(`VACUUM (ANALYZE) ${table}`);
}

/** Registers the visitor through the API; returns their id. */
async function register(apiUrl: string, email: string): Promise<string> {
  const response = await fetch(`${apiUrl}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, name: 'Bench Visitor', role: 'fan', age: 29, gender: 'female' }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/** Signs in through the web's login form, as a browser posts it; returns the Cookie header the web set. */
async function signIn(webUrl: string, email: string): Promise<string> {
  const response = await fetch(`${webUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ email, password: PASSWORD, terms: 'on' }).toString(),
    redirect: 'manual',
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(`signing in answered ${response.status} (${cookies.length} cookies): ${(await response.text()).slice(0, 300)}`);
  }
  return cookies.join('; ');
}

/** The HTML of a page, uncompressed. */
async function htmlOf(url: string, cookie: string | null): Promise<string> {
  const response = await fetch(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${html.slice(0, 300)}`);
  return html;
}

/** Bytes of the page's inline scripts: the loader data Remix ships for hydration, and its bootstrapping. */
function inlineScriptBytes(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) bytes += Buffer.byteLength(match[1]!);
  return bytes;
}

/** One scenario, measured by load-runner.ts in a child process (after 1 s of warm-up). */
async function load(url: string, path: string, headers: Record<string, string>): Promise<Result> {
  const runner = fileURLToPath(new URL('./load-runner.js', import.meta.url));
  const child = spawn(process.execPath, [runner], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdin.end(
    JSON.stringify({ url, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 1, requests: [{ method: 'GET', path, headers }] }),
  );
  const code = await exited;
  if (code !== 0) throw new Error(`load runner exited with ${code}`);
  return JSON.parse(Buffer.concat(output).toString('utf8')) as Result;
}

/** autocannon times only 2xx answers: a scenario with others, or with none at all, is reported, not trusted. */
function failures(result: Result): string | null {
  if (result.requests.total === 0) return 'no answer came back within the run';
  if (result.non2xx === 0 && result.errors === 0 && result.timeouts === 0) return null;
  return [`${result.non2xx} non-2xx`, `${result.errors} errors`, `${result.timeouts} timeouts`].join(', ');
}

/** The baseline: a bare node:http server answering the same number of bytes of static HTML. */
async function staticServer(bytes: number): Promise<{ url: string; server: Server }> {
  const body = Buffer.alloc(bytes, 'x');
  body.write('<!DOCTYPE html><html><body>');
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the baseline server has no address');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

interface PageRow {
  label: string;
  path: string;
  signedIn: boolean;
  list: boolean;
  html: number;
  gzip: number;
  inline: number;
  /** CPU ms per request, one at a time: the web's and the API's. */
  cpu: Array<number | null>;
  result: Result;
  baseline: Result;
}

function verdict(ok: boolean, label: string, detail: string): void {
  log(`  ${ok ? 'MET   ' : 'MISSED'} ${label}: ${detail}`);
}

async function main(): Promise<void> {
  const run = `tribe-bench-pages-${randomUUID().slice(0, 8)}`;
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const config: AppConfig = parseConfig({
    ...process.env,
    ...productionSecretsForRun(),
    ...BENCH_PORTS,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL,
    QUEUE_PREFIX: run,
    UPLOAD_DIR: join(tmpdir(), run),
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    PUBLIC_API_URL: apiUrl,
  });
  const webEnv = {
    NODE_ENV: 'production',
    WEB_PORT: String(webPort),
    WEB_ORIGINS: webUrl,
    API_URL: apiUrl,
    PUBLIC_API_URL: apiUrl,
    PAYMENT_PROVIDER: 'razorpay',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECURE: 'false',
  };

  log(`bench:pages — server-rendered pages at ${CONNECTIONS} connections, ${SECONDS} s each after 1 s of warm-up`);
  log(
    `${cpus().length} CPUs, load average before: ${loadavg()[0]!.toFixed(2)}, nice ${getPriority()} (other work on the machine, or a nice above 0, skews every figure)`,
  );
  const started = Date.now();
  const client = await freshDatabase(config);
  const children: Child[] = [];
  try {
    await seedBenchData(DATABASE_URL, log, SIZES);
    const api = startChild('api', '../api/src/main.js', envOf(config));
    const web = startChild('web', '../web/server/main.js', webEnv);
    children.push(api, web);
    const alive = () => {
      for (const child of children) {
        if (child.process.exitCode !== null) throw new Error(`${child.name} exited:\n${child.output()}`);
      }
      return true;
    };
    await until(async () => alive() && (await answers(`${apiUrl}/api/v1/health`)), 'the API', 60_000);
    await until(async () => alive() && (await answers(`${webUrl}/healthz`)), 'the web', 60_000);

    const email = `bench.pages.${randomUUID().slice(0, 8)}@example.in`;
    const viewerId = await register(apiUrl, email);
    await seedCommunityAndChat(client, viewerId);
    const cookie = await signIn(webUrl, email);
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM event WHERE status = 'active' AND moderation_status = 'published' AND deleted_at IS NULL
          AND date > now() AND date < '2099-01-01' ORDER BY date LIMIT 1`,
    );
    const eventId = rows[0]!.id;
    log(`seeded and started in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const allPages = [
      { label: '/public (guest)', path: '/public', signedIn: false, list: true },
      { label: '/home (signed in)', path: '/home', signedIn: true, list: true },
      { label: '/event/{id} (guest)', path: `/event/${eventId}`, signedIn: false, list: false },
      { label: '/community (guest)', path: '/community', signedIn: false, list: false },
      { label: '/community (signed in)', path: '/community', signedIn: true, list: false },
      { label: '/chat (signed in)', path: '/chat', signedIn: true, list: false },
    ];
    const pages = allPages.filter((page) => ONLY.test(page.label));
    const rowsOut: PageRow[] = [];
    for (const page of pages) {
      const html = await htmlOf(`${webUrl}${page.path}`, page.signedIn ? cookie : null);
      if (HTML_DIR) await writeFile(join(HTML_DIR, `${page.label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '')}.html`), html);
      // Requests one at a time first, so the first page measured does not pay for the processes' cold start; the last
      // of them give each process's CPU time per request, a figure the machine's other work changes less than req/s.
      for (let warm = 0; warm < WARM_UP_REQUESTS; warm += 1) await htmlOf(`${webUrl}${page.path}`, page.signedIn ? cookie : null);
      const before = [await cpuMs(web.process.pid), await cpuMs(api.process.pid)];
      for (let sample = 0; sample < CPU_SAMPLE_REQUESTS; sample += 1) await htmlOf(`${webUrl}${page.path}`, page.signedIn ? cookie : null);
      const after = [await cpuMs(web.process.pid), await cpuMs(api.process.pid)];
      const cpu = before.map((used, index) =>
        used === null || after[index] === null ? null : (after[index] - used) / CPU_SAMPLE_REQUESTS,
      );
      const bytes = Buffer.byteLength(html);
      const result = await load(webUrl, page.path, { ...BROWSER_HEADERS, ...(page.signedIn ? { cookie } : {}) });
      const failed = failures(result);
      if (failed) log(`  ${page.label}: ${failed} (only 2xx answers are timed)`);
      const baselineServer = await staticServer(bytes);
      const baseline = await load(baselineServer.url, '/', BROWSER_HEADERS).finally(() => baselineServer.server.close());
      rowsOut.push({ ...page, html: bytes, gzip: gzipSync(html).length, inline: inlineScriptBytes(html), cpu, result, baseline });
    }

    const pad = (text: string, width: number) => text.padStart(width);
    log(
      `\n${'page'.padEnd(26)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('HTML', 10)}${pad('gzip', 10)}` +
        `${pad('inline js', 11)}${pad('baseline req/s', 16)}${pad('vs base', 9)}${pad('CPU ms/req web+API', 20)}`,
    );
    for (const row of rowsOut) {
      const rate = row.result.requests.average;
      log(
        `${row.label.padEnd(26)}${pad(rate.toFixed(0), 8)}${pad(String(row.result.latency.p50), 8)}${pad(String(row.result.latency.p99), 8)}` +
          `${pad(kb(row.html), 10)}${pad(kb(row.gzip), 10)}${pad(kb(row.inline), 11)}` +
          `${pad(row.baseline.requests.average.toFixed(0), 16)}${pad(`${((rate / row.baseline.requests.average) * 100).toFixed(1)}%`, 9)}` +
          pad(row.cpu.map((ms) => (ms === null ? '?' : ms.toFixed(1))).join(' + '), 20),
      );
    }
    log('\nGoals (issue 26)');
    for (const row of rowsOut) {
      const ok = failures(row.result) === null;
      const rate = row.result.requests.average;
      verdict(
        ok && rate >= GOAL_REQUESTS_PER_SECOND,
        `${row.label} ≥ ${GOAL_REQUESTS_PER_SECOND} req/s`,
        `${rate.toFixed(0)} req/s (baseline ${row.baseline.requests.average.toFixed(0)})`,
      );
      verdict(
        ok && row.result.latency.p99 <= GOAL_P99_MS,
        `${row.label} p99 ≤ ${GOAL_P99_MS} ms`,
        `${row.result.latency.p99} ms (baseline ${row.baseline.latency.p99} ms)`,
      );
      if (row.list) {
        verdict(
          row.html <= GOAL_LIST_PAGE_BYTES,
          `${row.label} HTML ≤ ${kb(GOAL_LIST_PAGE_BYTES)}`,
          `${kb(row.html)} (${kb(row.gzip)} gzip)`,
        );
      }
    }
    log(`\nload average after: ${loadavg()[0]!.toFixed(2)} (1 min), ${loadavg()[1]!.toFixed(2)} (5 min)`);
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await client.end();
    await clearQueues(config);
    await rm(config.UPLOAD_DIR, { recursive: true, force: true });
  }
}

runBench(main);
