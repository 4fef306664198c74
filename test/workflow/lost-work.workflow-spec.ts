import { Queue } from 'bullmq';
import pg from 'pg';
import sharp from 'sharp';
import { AccountEraseJob } from '../../api/src/modules/users/jobs/account-erase.job.js';
import { MediaVariantsJob } from '../../api/src/modules/uploads/jobs/media-variants.job.js';
import { waitUntil } from '../support/poll.js';
import { startOwnRedis, type OwnRedis } from '../support/redis-server.js';
import { startStack, type Stack, type StackOptions } from '../support/servers.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/**
 * PostgreSQL says what work is due; Redis only carries it. Account erasures and image variants are
 * queued, then Redis forgets them or PostgreSQL stays away longer than their retries last: each is
 * still done, once, after recovery.
 */
const PEOPLE = 3;
/** The jobs this file loses and finds again, and (in that order) the queues a scenario watches. */
const JOBS = [AccountEraseJob, MediaVariantsJob] as const;

interface Scenario {
  stack: Stack;
  db: pg.Pool;
  queues: Queue[];
}

async function startScenario(options: Omit<StackOptions, 'web'>): Promise<Scenario> {
  const stack = await startStack({ web: false, ...options, config: { RECONCILE_INTERVAL_MS: '500', ...options.config } });
  const db = new pg.Pool({ connectionString: stack.config.DATABASE_URL, max: 2 });
  db.on('error', () => undefined);
  const connection = { url: stack.config.REDIS_URL };
  const queues = JOBS.map((job) => new Queue(job.queue, { connection, prefix: stack.config.QUEUE_PREFIX }));
  return { stack, db, queues };
}

async function stopScenario(scenario: Scenario | undefined): Promise<void> {
  if (!scenario) return;
  await Promise.all(scenario.queues.map((queue) => queue.close()));
  await scenario.db.end();
  await scenario.stack.stop();
}

async function api(stack: Stack, path: string, init: { method?: string; token?: string; body?: unknown; form?: FormData } = {}) {
  const response = await fetch(`${stack.apiUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
  });
  const body = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * How many of this file's jobs each queue holds in `state`. Only these jobs: the media queue also
 * carries the hourly uploads sweep, whose first run may still wait when a test pauses the queues.
 */
async function countOfOwnJobs(queues: Queue[], state: 'waiting' | 'failed'): Promise<number[]> {
  return Promise.all(
    queues.map(async (queue, index) => (await queue.getJobs(state)).filter((job) => job.name === JOBS[index]!.name).length),
  );
}

/** PEOPLE accounts deleted and PEOPLE images uploaded (by others, who keep them): 2 × PEOPLE jobs. */
async function makeWork(stack: Stack): Promise<{ deletedUserIds: string[]; mediaIds: string[] }> {
  const deletedUserIds: string[] = [];
  const mediaIds: string[] = [];
  for (let n = 0; n < PEOPLE; n += 1) {
    const leaving = await api(stack, '/auth/register', {
      method: 'POST',
      body: { email: `leaving.${n}.${Date.now()}@example.in`, password: 'a-good-password', name: `Leaving ${n}` },
    });
    await api(stack, '/users/me', { method: 'DELETE', token: leaving.token });
    deletedUserIds.push(leaving.user.id);

    const staying = await api(stack, '/auth/register', {
      method: 'POST',
      body: { email: `staying.${n}.${Date.now()}@example.in`, password: 'a-good-password', name: `Staying ${n}` },
    });
    const form = new FormData();
    const image = await sharp({ create: { width: 700, height: 350, channels: 3, background: { r: 30 * n, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer();
    form.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
    mediaIds.push((await api(stack, '/upload', { method: 'POST', token: staying.token, form })).id);
  }
  return { deletedUserIds, mediaIds };
}

async function waitForPublished(db: pg.Pool, count: number): Promise<void> {
  await waitUntil(async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NOT NULL AND type IN ('user.deletion_requested', 'media.image_uploaded')`,
    );
    return rows[0].n === count;
  }, 'the relay to publish every event');
}

async function waitForAllDone(scenario: Scenario, work: { deletedUserIds: string[]; mediaIds: string[] }): Promise<void> {
  await waitUntil(
    async () => {
      const erased = await scenario.db.query('SELECT count(*)::int AS n FROM users WHERE id = ANY($1) AND erased_at IS NOT NULL', [
        work.deletedUserIds,
      ]);
      const ready = await scenario.db.query(`SELECT count(*)::int AS n FROM media WHERE id = ANY($1) AND variants_status = 'ready'`, [
        work.mediaIds,
      ]);
      // The workers log each job's work after it commits: wait for those lines too before counting them.
      const done = doneCounts(scenario.stack, work);
      const logged = [...done.erased, ...done.variants].every((lines) => lines > 0);
      return erased.rows[0].n === PEOPLE && ready.rows[0].n === PEOPLE && logged;
    },
    'every erasure and every variant to be done (and logged) after recovery',
    45_000,
  );
}

/** How many "done" log lines each record has in the workers' output: per erased person, per media's variants. */
function doneCounts(stack: Stack, work: { deletedUserIds: string[]; mediaIds: string[] }): { erased: number[]; variants: number[] } {
  const lines = stack.processes.workers!.output().split('\n');
  const count = (message: string, key: string, id: string) =>
    lines.filter((line) => line.includes(`"msg":"${message}"`) && line.includes(`"${key}":"${id}"`)).length;
  return {
    erased: work.deletedUserIds.map((id) => count('account erased', 'userId', id)),
    variants: work.mediaIds.map((id) => count('variants made', 'mediaId', id)),
  };
}

/** Each job's work happened exactly once: one "done" log line per record, in the workers' output. */
function expectDoneOnce(stack: Stack, work: { deletedUserIds: string[]; mediaIds: string[] }): void {
  const done = doneCounts(stack, work);
  expect(done.erased).toEqual(work.deletedUserIds.map(() => 1));
  expect(done.variants).toEqual(work.mediaIds.map(() => 1));
}

describe('work survives Redis losing its data', () => {
  let redis: OwnRedis;
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis();
    scenario = await startScenario({ config: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await stopScenario(scenario);
    await redis?.stop();
  });

  it('does every erasure and every variant once, although Redis was emptied after the relay published them', async () => {
    const { stack, db, queues } = scenario!;
    // Paused, the jobs wait in Redis: the relay has published them, no worker has taken them.
    for (const queue of queues) await queue.pause();
    const work = await makeWork(stack);
    await waitForPublished(db, 2 * PEOPLE);
    expect(await countOfOwnJobs(queues, 'waiting')).toEqual([PEOPLE, PEOPLE]);

    await redis.flushAll();

    await waitForAllDone(scenario!, work);
    expectDoneOnce(stack, work);
    expect(stack.processes.workers!.output()).toContain('job lost from Redis; queued again');
  });
});

describe('work survives PostgreSQL being away longer than the retries last', () => {
  let proxy: TcpProxy;
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    // The workers reach PostgreSQL through the proxy; the API and this test reach it directly.
    const throughProxy = (databaseUrl: string) => {
      const url = new URL(databaseUrl);
      url.port = String(proxy.port);
      return url.toString();
    };
    scenario = await startScenario({
      config: { JOB_BACKOFF_SCALE: '0.01' },
      workersEnv: (config) => ({ DATABASE_URL: throughProxy(config.DATABASE_URL) }),
    });
  });
  afterAll(async () => {
    await stopScenario(scenario);
    await proxy?.close();
  });

  it('does every erasure and every variant once after PostgreSQL comes back', async () => {
    const { stack, db, queues } = scenario!;
    for (const queue of queues) await queue.pause();
    const work = await makeWork(stack);
    await waitForPublished(db, 2 * PEOPLE);

    proxy.cut();
    for (const queue of queues) await queue.resume();
    // Every attempt fails while the database is away, and so does every last-failure hook.
    await waitUntil(
      async () => (await countOfOwnJobs(queues, 'failed')).every((count) => count === PEOPLE),
      'every job to use up its attempts',
      30_000,
    );
    const { rows: pending } = await db.query(`SELECT count(*)::int AS n FROM media WHERE id = ANY($1) AND variants_status = 'pending'`, [
      work.mediaIds,
    ]);
    expect(pending[0].n).toBe(PEOPLE);

    proxy.restore();

    await waitForAllDone(scenario!, work);
    expectDoneOnce(stack, work);
    expect(stack.processes.workers!.output()).toContain('job had failed for good while its work is still due; retrying');
    // Up to 30 s of failing attempts, then the recovery: longer than Jest's default.
  }, 120_000);
});
