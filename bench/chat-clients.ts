import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  type Ack,
  CHAT_NAMESPACE,
  CHAT_SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../api/src/contracts/chat.contract.js';
import { mapConcurrently } from '../api/src/platform/map-concurrently.js';

/**
 * The clients of bench:chat, in a process of their own (so that they do not take the API's CPU):
 * reads one run (ClientsRun, JSON) on stdin, connects every member, sends, measures send → receive
 * at every other member with one clock, and prints the figures.
 */

export interface Member {
  userId: string;
  token: string;
}

export interface Room {
  id: string;
  members: Member[];
}

export interface ClientsRun {
  label: string;
  urls: string[];
  /** The big room first. */
  rooms: Room[];
  targetP95: number;
  bigRate: number;
  seconds: number;
  burst: number;
  burstSenders: number;
}

/** Connections opening at once (each signs in and reads its room's page). */
const CONNECTING_AT_ONCE = 20;
const log = (line: string) => console.log(line);

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

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

  /** Sends refused or unanswered, and the first reason. */
  failed = 0;
  firstFailure: string | null = null;

  refused(reason: string): void {
    this.failed += 1;
    this.firstFailure ??= reason;
  }

  reset(): void {
    this.failed = 0;
    this.firstFailure = null;
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

/** Sends one text; a refusal or a lost ack is counted (and its deliveries not expected), not fatal. */
async function send(socket: Client, roomId: string, deliveries: Deliveries): Promise<void> {
  const clientId = randomUUID();
  deliveries.sent(clientId);
  try {
    const answer = (await socket
      .timeout(30_000)
      .emitWithAck('message:send', { roomId, type: 'text', clientId, text: 'Bench message' })) as Ack;
    if (!answer.ok) deliveries.refused(answer.error);
  } catch (error) {
    deliveries.refused(error instanceof Error ? error.message : String(error));
  }
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

async function measure({
  label,
  urls,
  rooms,
  targetP95,
  bigRate,
  seconds: SECONDS,
  burst: BURST,
  burstSenders: BURST_SENDERS,
}: ClientsRun): Promise<void> {
  const BIG_RATE = bigRate;
  const BIG_ROOM = rooms[0]!.members.length;
  const SMALL_ROOMS = rooms.length - 1;
  const SMALL_ROOM = rooms[1]?.members.length ?? 0;
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
    // The small rooms take turns over the second too (a tenth of them each tick at 10 a second), as
    // independent rooms would: all fifty at the same instant would be a burst, measured below.
    const [big, ...small] = rooms;
    const pending: Array<Promise<void>> = [];
    let turn = 0;
    const ticks = SECONDS * BIG_RATE;
    for (let tick = 0; tick < ticks; tick += 1) {
      const bigSockets = sockets.get(big!)!;
      pending.push(send(bigSockets[turn % bigSockets.length]!, big!.id, deliveries));
      for (const [index, room] of small.entries()) {
        if (index % BIG_RATE !== tick % BIG_RATE) continue;
        const roomSockets = sockets.get(room)!;
        pending.push(send(roomSockets[turn % roomSockets.length]!, room.id, deliveries));
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
    if (deliveries.failed > 0) log(`    ${deliveries.failed} sends failed, the first: ${deliveries.firstFailure}`);
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
    if (deliveries.failed > 0) log(`    ${deliveries.failed} sends failed, the first: ${deliveries.firstFailure}`);
    log(`    ${Math.round(rate)} deliveries/s over ${seconds.toFixed(2)} s (target ≥ 20,000: ${rate >= 20_000 ? 'MET' : 'MISSED'})`);
  } finally {
    for (const roomSockets of sockets.values()) for (const socket of roomSockets) socket.disconnect();
    await sleep(500);
  }
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  await measure(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ClientsRun);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
