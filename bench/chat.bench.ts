import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
  type Ack,
  CHAT_NAMESPACE,
  CHAT_SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../api/src/contracts/chat.contract.js';
import { hashToken, newToken } from '../api/src/modules/auth/token.js';
import { mapConcurrently } from '../api/src/platform/map-concurrently.js';
import { benchConfig, clearQueues, freshDatabase, startApi } from './bench-processes.js';

/**
 * npm run bench:chat
 *
 * Message fan-out through the real gateway: one room of 500 connected members and 50 rooms of 20,
 * every member with one socket that opened its room. First one API instance, then two on the Redis
 * adapter (members alternate between them). For each: a paced phase (the big room gets
 * BENCH_BIG_RATE messages a second, each small room one) measuring send → receive latency at every
 * other member, then a burst into the big room measuring deliveries per second. Targets (issue 11):
 * p95 ≤ 50 ms on one instance, ≤ 100 ms across two; ≥ 20,000 deliveries/s. The clients run in this
 * process beside the API instances, so they share its CPU: the figures are an upper bound on latency.
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
/** Connections opening at once (each signs in and reads its room's page). */
const CONNECTING_AT_ONCE = 20;
const log = (line: string) => console.log(line);

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Member {
  userId: string;
  token: string;
}

interface Room {
  id: string;
  members: Member[];
}

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

/** Latencies (ms) of every delivery of a message sent in this process, keyed by its client id. */
class Deliveries {
  private readonly sentAt = new Map<string, number>();
  readonly latencies: number[] = [];
  first = Infinity;
  last = 0;

  sent(clientId: string): void {
    const now = performance.now();
    this.sentAt.set(clientId, now);
    this.first = Math.min(this.first, now);
  }

  received(clientId: string): void {
    const sentAt = this.sentAt.get(clientId);
    if (sentAt === undefined) return;
    const now = performance.now();
    this.latencies.push(now - sentAt);
    this.last = now;
  }

  reset(): void {
    this.sentAt.clear();
    this.latencies.length = 0;
    this.first = Infinity;
    this.last = 0;
  }
}

async function connectMember(url: string, member: Member, roomId: string, deliveries: Deliveries): Promise<Client> {
  const socket: Client = io(`${url}${CHAT_NAMESPACE}`, {
    path: CHAT_SOCKET_PATH,
    transports: ['websocket'],
    auth: { token: member.token },
    forceNew: true,
    timeout: 60_000,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = (await socket.timeout(30_000).emitWithAck('room:join', { roomId })) as Ack;
  if (!joined.ok) throw new Error(`room:join refused: ${joined.error}`);
  socket.on('message:new', (message) => {
    if (message.senderId !== member.userId) deliveries.received(message.clientId);
  });
  return socket;
}

async function send(socket: Client, roomId: string, deliveries: Deliveries): Promise<void> {
  const clientId = randomUUID();
  deliveries.sent(clientId);
  const answer = (await socket
    .timeout(30_000)
    .emitWithAck('message:send', { roomId, type: 'text', clientId, text: 'Bench message' })) as Ack;
  if (!answer.ok) throw new Error(`message:send refused: ${answer.error}`);
}

const at = (sorted: number[], quantile: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]! : 0;

function latencyFigures(label: string, latencies: number[], expected: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  return `  ${label.padEnd(22)} ${String(sorted.length).padStart(7)}/${expected} delivered  p50 ${ms(at(sorted, 0.5))}  p95 ${ms(at(sorted, 0.95))}  p99 ${ms(at(sorted, 0.99))}  max ${ms(at(sorted, 1))}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `expected` deliveries arrived or the time is up. */
async function settled(deliveries: Deliveries, expected: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (deliveries.latencies.length < expected && Date.now() < deadline) await sleep(20);
}

async function measure(label: string, urls: string[], rooms: Room[], targetP95: number): Promise<void> {
  const deliveries = new Deliveries();
  const sockets = new Map<Room, Client[]>();
  let connected = 0;
  const started = Date.now();
  for (const room of rooms) {
    const first = connected;
    const roomSockets = await mapConcurrently(
      room.members.map((member, index) => ({ member, url: urls[(first + index) % urls.length]! })),
      CONNECTING_AT_ONCE,
      ({ member, url }) => connectMember(url, member, room.id, deliveries),
    );
    connected += room.members.length;
    sockets.set(room, roomSockets);
  }
  log(`${label}: ${connected} sockets connected and in their rooms in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    // Paced: the big room at BIG_RATE a second, each small room once a second, senders taking turns.
    const [big, ...small] = rooms;
    const pending: Array<Promise<void>> = [];
    let turn = 0;
    const ticks = SECONDS * BIG_RATE;
    for (let tick = 0; tick < ticks; tick += 1) {
      const bigSockets = sockets.get(big!)!;
      pending.push(send(bigSockets[turn % bigSockets.length]!, big!.id, deliveries));
      if (tick % BIG_RATE === 0) {
        for (const room of small) {
          const roomSockets = sockets.get(room)!;
          pending.push(send(roomSockets[turn % roomSockets.length]!, room.id, deliveries));
        }
      }
      turn += 1;
      await sleep(1000 / BIG_RATE);
    }
    await Promise.all(pending);
    const expectedPaced = ticks * (BIG_ROOM - 1) + SECONDS * SMALL_ROOMS * (SMALL_ROOM - 1);
    await settled(deliveries, expectedPaced);
    const p95 = at(
      [...deliveries.latencies].sort((a, b) => a - b),
      0.95,
    );
    log(latencyFigures('paced send → receive', deliveries.latencies, expectedPaced));
    log(`    p95 target ≤ ${targetP95} ms: ${p95 <= targetP95 ? 'MET' : 'MISSED'}`);

    // Burst: BURST messages into the big room from BURST_SENDERS members at once.
    deliveries.reset();
    const bigSockets = sockets.get(big!)!;
    let sentCount = 0;
    await Promise.all(
      Array.from({ length: BURST_SENDERS }, async (_, sender) => {
        while (sentCount < BURST) {
          sentCount += 1;
          await send(bigSockets[sender]!, big!.id, deliveries);
        }
      }),
    );
    const expectedBurst = BURST * (BIG_ROOM - 1);
    await settled(deliveries, expectedBurst);
    const seconds = (deliveries.last - deliveries.first) / 1000;
    const rate = deliveries.latencies.length / seconds;
    log(latencyFigures('burst send → receive', deliveries.latencies, expectedBurst));
    log(`    ${Math.round(rate)} deliveries/s over ${seconds.toFixed(2)} s (target ≥ 20,000: ${rate >= 20_000 ? 'MET' : 'MISSED'})`);
  } finally {
    for (const roomSockets of sockets.values()) for (const socket of roomSockets) socket.disconnect();
    await sleep(500);
  }
}

async function main(): Promise<void> {
  const config = benchConfig('chat', DATABASE_URL, { LOG_LEVEL: 'warn' });
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
    await client.end();
    await clearQueues(config);
    await rm(config.UPLOAD_DIR, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
