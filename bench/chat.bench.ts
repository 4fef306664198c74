import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { fileURLToPath } from 'node:url';
import { hashToken, newToken } from '../api/src/modules/auth/token.js';
import { benchConfig, endRun, freshDatabase, runBench, startApi } from './bench-processes.js';
import type { ClientsRun, Member, Room } from './chat-clients.js';

/**
 * npm run bench:chat
 *
 * Message fan-out through the real gateway: one room of 500 connected members and 50 rooms of 20,
 * every member with one socket that opened its room. First one API instance, then two on the Redis
 * adapter (members alternate between them). For each: a paced phase (the big room gets
 * BENCH_BIG_RATE messages a second, each small room one) measuring send → receive latency at every
 * other member, then a burst into the big room measuring deliveries per second. Our targets (the issue sets none):
 * p95 ≤ 50 ms on one instance, ≤ 100 ms across two; ≥ 20,000 deliveries/s. The API instances run
 * in this process, the clients in one of their own (chat-clients.ts); on one machine they still
 * share its CPUs, so the figures are an upper bound on latency.
 *
 *   BENCH_BIG_RATE (10), BENCH_SECONDS (10), BENCH_BURST (200), BENCH_BURST_SENDERS (8)
 */

const DATABASE_URL = process.env.BENCH_CHAT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tribe_bench_chat';
const BIG_ROOM = 500;
const SMALL_ROOMS = 50;
const SMALL_ROOM = 20;
const BIG_RATE = Number(process.env.BENCH_BIG_RATE ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BURST = Number(process.env.BENCH_BURST ?? 200);
const BURST_SENDERS = Number(process.env.BENCH_BURST_SENDERS ?? 8);
const log = (line: string) => console.log(line);

/** People, their sessions and the rooms, straight into PostgreSQL (signing 1,500 people up would take minutes). */
async function seed(client: pg.Client): Promise<Room[]> {
  const sizes = [BIG_ROOM, ...Array.from({ length: SMALL_ROOMS }, () => SMALL_ROOM)];
  const people = sizes.reduce((sum, size) => sum + size, 0);
  const { rows: users } = await client.query<{ id: string }>(
    `INSERT INTO users (role, name, email) SELECT 'fan', 'Member ' || n, 'bench.chat.' || n || '@example.in' FROM generate_series(1, $1) AS n RETURNING id`,
    [people],
  );
  const members: Member[] = users.map(({ id }) => ({ userId: id, token: newToken() }));
  await client.query(
    `INSERT INTO session (user_id, token_hash, expires_at) SELECT user_id, token_hash, now() + interval '1 day' FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
    [members.map((member) => member.userId), members.map((member) => hashToken(member.token))],
  );
  const rooms: Room[] = [];
  let next = 0;
  for (const [index, size] of sizes.entries()) {
    const inRoom = members.slice(next, next + size);
    next += size;
    const { rows } = await client.query<{ id: string }>(`INSERT INTO chat_room (name, created_by) VALUES ($1, $2) RETURNING id`, [
      index === 0 ? 'Big room' : `Room ${index}`,
      inRoom[0]!.userId,
    ]);
    await client.query(
      `INSERT INTO chat_member (room_id, user_id, role, source)
       SELECT $1, user_id, CASE WHEN ordinality = 1 THEN 'host' ELSE 'member' END, CASE WHEN ordinality = 1 THEN 'host' ELSE 'manual' END
         FROM unnest($2::uuid[]) WITH ORDINALITY AS m(user_id, ordinality)`,
      [rows[0]!.id, inRoom.map((member) => member.userId)],
    );
    rooms.push({ id: rows[0]!.id, members: inRoom });
  }
  return rooms;
}

/** One measurement by the clients' process; its figures are printed as they come. */
async function measure(label: string, urls: string[], rooms: Room[], targetP95: number): Promise<void> {
  const script = fileURLToPath(new URL('./chat-clients.js', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = once(child, 'exit');
  const run: ClientsRun = { label, urls, rooms, targetP95, bigRate: BIG_RATE, seconds: SECONDS, burst: BURST, burstSenders: BURST_SENDERS };
  child.stdin.end(JSON.stringify(run));
  const [code] = (await exited) as [number | null];
  if (code !== 0) throw new Error(`the clients' process exited with ${code}`);
}

async function main(): Promise<void> {
  // The bench measures delivery: its bursting members may send past the per-member rate limit.
  const config = benchConfig('chat', DATABASE_URL, { LOG_LEVEL: 'warn', CHAT_SEND_BURST: '1000' });
  log(`database ${DATABASE_URL} (fresh), a room of ${BIG_ROOM} and ${SMALL_ROOMS} rooms of ${SMALL_ROOM}`);
  log(`${cpus().length} CPUs, load average before: ${loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  const client = await freshDatabase(config);
  const apps: NestFastifyApplication[] = [];
  try {
    const rooms = await seed(client);
    const first = await startApi(config);
    apps.push(first.app);
    await measure('one API instance', [first.url], rooms, 50);
    const second = await startApi(config);
    apps.push(second.app);
    await measure('two API instances (Redis adapter)', [first.url, second.url], rooms, 100);
  } finally {
    for (const app of apps.reverse()) await app.close();
    await endRun(config, client);
  }
}

runBench(main);
