import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { avatarImage } from '../scripts/seed/demo-images.js';
import { latencyLine, latencyOf, pacedLoad } from './paced-load-client.js';
import { runBench } from './bench-processes.js';
import { firstListedEventPath, sessionCookieOf, startProduct, type RunningProduct } from './running-product.js';

/**
 * npm run bench:soak
 *
 * Ten minutes of mixed use of the product as `npm start` runs it (seeded with the demo): guests
 * reading /public, an event, /community and /login; a signed-in fan's /home, /chat and
 * /notifications; API reads of the event list with filters and of the community feed; and writes
 * by the demo's people in turn (posts, photo uploads, likes, comments, chat messages). Every 15 s it reads each process's
 * resident memory (RSS, /proc). Targets (issue 26): the API, the web and the workers each ≤ 250 MiB
 * at every sample of the second half, and no growth between the 5th and the 10th minute (the last minute's mean RSS at most
 * 5 % above the 5th minute's: garbage collection makes RSS move a few MiB either way).
 *
 *   SOAK_MINUTES (10), SOAK_RATE (requests a second over the three read loads, 30), SOAK_WRITES_PER_SECOND (2)
 */

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const RATE = Number(process.env.SOAK_RATE ?? 30);
const WRITES_PER_SECOND = Number(process.env.SOAK_WRITES_PER_SECOND ?? 2);
const SAMPLE_EVERY_MS = 15_000;
const LIMIT_MIB = 250;
const GROWTH_ALLOWED = 0.05;
const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const PROCESSES = { api: 'api/src/main.js', workers: 'workers/src/main.js', web: 'web/server/main.js' } as const;
type ProcessName = keyof typeof PROCESSES;

/** The API's, the workers' and the web's process ids: the children of start.js, known by their script. */
async function productProcesses(parent: number): Promise<Record<ProcessName, number>> {
  const found: Partial<Record<ProcessName, number>> = {};
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
    if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== parent) continue;
    const command = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    for (const [name, script] of Object.entries(PROCESSES)) if (command.includes(script)) found[name as ProcessName] = Number(entry);
  }
  for (const name of Object.keys(PROCESSES))
    if (!found[name as ProcessName]) throw new Error(`the ${name} process of npm start was not found`);
  return found as Record<ProcessName, number>;
}

async function rssMib(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

interface Sample {
  atMinutes: number;
  rss: Record<ProcessName, number>;
}

/** A fan's API session and what they write to: their chat rooms and the feed's posts. */
interface Writer {
  token: string;
  roomIds: string[];
}

async function api<T>(
  product: RunningProduct,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${product.apiUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function writersOf(product: RunningProduct): Promise<Writer[]> {
  return Promise.all(
    product.people.map(async (person) => {
      const { body } = await api<{ token: string }>(product, 'POST', '/auth/login', undefined, person);
      const rooms = await api<{ rooms: Array<{ id: string }> }>(product, 'GET', '/chat/rooms', body.token);
      return { token: body.token, roomIds: rooms.body.rooms.map((room) => room.id) };
    }),
  );
}

/** Uploads a photo (decoded and re-encoded by the API, its variants made by the workers). */
async function uploadPhoto(product: RunningProduct, token: string, turn: number): Promise<{ status: number }> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await avatarImage(`Soak ${turn}`))], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${product.apiUrl}/api/v1/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  return { status: response.status };
}

/** Writes at a steady pace, in turn: a post or a photo now and then, likes, comments and chat messages. */
function startWriting(
  product: RunningProduct,
  writers: Writer[],
): { stop: () => Promise<{ done: number; refused: number; failed: number }> } {
  const tally = { done: 0, refused: 0, failed: 0 };
  let stopping = false;
  let postIds: string[] = [];
  const one = async (turn: number): Promise<void> => {
    const writer = writers[turn % writers.length]!;
    const post = postIds[turn % Math.max(1, postIds.length)];
    const room = writer.roomIds[turn % Math.max(1, writer.roomIds.length)];
    const kind = turn % 20 === 0 || !post ? 'post' : turn % 20 === 10 ? 'photo' : ['like', 'comment', 'message'][turn % 3]!;
    const text = `Soak ${kind} ${turn}: see you at the next meetup!`;
    const answer =
      kind === 'post'
        ? await api(product, 'POST', '/community/posts', writer.token, { text })
        : kind === 'photo'
          ? await uploadPhoto(product, writer.token, turn)
          : kind === 'like'
            ? await api(product, 'POST', `/community/posts/${post}/like`, writer.token, {})
            : kind === 'comment' || !room
              ? await api(product, 'POST', `/community/posts/${post}/comments`, writer.token, { text })
              : await api(product, 'POST', `/chat/rooms/${room}/messages`, writer.token, { type: 'text', clientId: randomUUID(), text });
    if (answer.status === 429) tally.refused += 1;
    else if (answer.status >= 400) tally.failed += 1;
    else tally.done += 1;
    if (kind === 'post' || turn % 50 === 0) {
      const feed = await api<{ posts: Array<{ id: string }> }>(product, 'GET', '/community/posts/interactions', writer.token);
      postIds = feed.body.posts.map((item) => item.id);
    }
  };
  const running = (async () => {
    const started = Date.now();
    for (let turn = 0; !stopping; turn += 1) {
      const wait = started + (turn * 1000) / WRITES_PER_SECOND - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await one(turn).catch(() => (tally.failed += 1));
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await running;
      return tally;
    },
  };
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

function verdicts(samples: Sample[]): void {
  const middle = MINUTES / 2;
  const inMinute = (end: number) => samples.filter((sample) => sample.atMinutes > end - 1 && sample.atMinutes <= end);
  const secondHalf = samples.filter((sample) => sample.atMinutes > middle);
  for (const name of Object.keys(PROCESSES) as ProcessName[]) {
    // The highest sample of the second half, not the last one: RSS saws up and down with major
    // collections, and a last sample taken just after one would flatter the process.
    const peak = Math.max(...secondHalf.map((sample) => sample.rss[name]));
    log(
      `  ${peak <= LIMIT_MIB ? 'MET   ' : 'MISSED'} soak ${name} RSS, highest from minute ${middle} to ${MINUTES}: ${peak.toFixed(0)} MiB (target ≤ ${LIMIT_MIB} MiB)`,
    );
    const atMiddle = mean(inMinute(middle).map((sample) => sample.rss[name]));
    const atEnd = mean(inMinute(MINUTES).map((sample) => sample.rss[name]));
    const growth = atEnd / atMiddle - 1;
    log(
      `  ${growth <= GROWTH_ALLOWED ? 'MET   ' : 'MISSED'} soak ${name} growth from minute ${middle} to ${MINUTES}: ` +
        `${atMiddle.toFixed(0)} → ${atEnd.toFixed(0)} MiB (${(growth * 100).toFixed(1)} %; target ≤ ${GROWTH_ALLOWED * 100} %)`,
    );
  }
}

async function main(): Promise<void> {
  log(`bench:soak — ${MINUTES} min of mixed use at ${RATE} reads/s and ${WRITES_PER_SECOND} writes/s; load average before: ${load()}`);
  const product = await startProduct('soak');
  try {
    const pids = await productProcesses(product.pid);
    const cookie = await sessionCookieOf(product.webUrl, product.people[0]!);
    const eventPath = await firstListedEventPath(product.webUrl);
    const writers = await writersOf(product);
    const loads = {
      'guest web': pacedLoad(product.webUrl, ['/public', eventPath, '/community', '/login'], RATE / 3),
      'fan web': pacedLoad(product.webUrl, ['/home', '/chat', '/notifications'], RATE / 6, { cookie }),
      'api reads': pacedLoad(
        product.apiUrl,
        [
          '/api/v1/events/public',
          '/api/v1/events/public/filter?city=Mumbai',
          '/api/v1/events/public/filter?category=music&maxPrice=2000',
          `/api/v1/events/${eventPath.split('/').at(-1)}/public`,
          '/api/v1/community/posts/interactions',
        ],
        RATE / 2,
      ),
    };
    const writing = startWriting(product, writers);
    const samples: Sample[] = [];
    const started = Date.now();
    const sample = async () => {
      const rss = Object.fromEntries(
        await Promise.all(Object.entries(pids).map(async ([name, pid]) => [name, await rssMib(pid)] as const)),
      ) as Record<ProcessName, number>;
      samples.push({ atMinutes: (Date.now() - started) / 60_000, rss });
      const line = Object.entries(rss)
        .map(([name, mib]) => `${name} ${mib.toFixed(0)} MiB`)
        .join(', ');
      log(`  ${samples.at(-1)!.atMinutes.toFixed(2).padStart(5)} min  ${line}`);
    };
    while (Date.now() - started < MINUTES * 60_000) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(SAMPLE_EVERY_MS, started + MINUTES * 60_000 - Date.now())));
      await sample();
    }
    const written = await writing.stop();
    for (const [label, running] of Object.entries(loads)) log(latencyLine(label, latencyOf(await running.stop())));
    log(`  writes: ${written.done} done, ${written.refused} refused by a rate limit, ${written.failed} failed`);
    verdicts(samples);
  } finally {
    await product.stop();
  }
  log(`load average after: ${load()}`);
}

runBench(main);
