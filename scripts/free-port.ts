import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the kernel's ephemeral ports (those of outgoing connections) start; Linux's default elsewhere. */
function ephemeralPortsStart(): number {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return start && start > 11_000 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

async function canListen(port: number): Promise<boolean> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => resolve(true));
  });
  if (!listening) return false;
  server.close();
  await once(server, 'close');
  return true;
}

/** The ports tests may take: from 10000 to just below the kernel's ephemeral range. */
export const TEST_PORTS = { lowest: 10_000, highest: ephemeralPortsStart() - 1 };

export interface PortRange {
  lowest: number;
  highest: number;
}

/** Test processes that may pick ports at the same moment: a runner and its workers (Jest's or Playwright's), up to 31 of them. */
const SLICES = 32;
/** A range split into slices keeps at least this many ports in each. */
const SMALLEST_SLICE = 100;

/** 0 for a runner or a script, 1, 2, ... for Jest's and Playwright's workers. */
function processSlot(): number {
  const jestWorker = Number(process.env.JEST_WORKER_ID);
  if (jestWorker > 0) return jestWorker;
  const playwrightWorker = process.env.TEST_PARALLEL_INDEX;
  return playwrightWorker ? Number(playwrightWorker) + 1 : 0;
}

/**
 * The part of a range this process hands out. Each test process has a slice of its own, so two
 * processes never choose the same port between one's check and its server's listen (a server
 * process may take seconds to boot and listen).
 */
export function sliceOf({ lowest, highest }: PortRange, slot = processSlot()): PortRange {
  const size = Math.floor((highest - lowest + 1) / SLICES);
  if (size < SMALLEST_SLICE) return { lowest, highest };
  const start = lowest + (slot % SLICES) * size;
  return { lowest: start, highest: start + size - 1 };
}

/** Where each slice's next port is: a process goes round its slice, so it never answers the same port twice in a row. */
const next = new Map<string, number>();

function takeNext({ lowest, highest }: PortRange): number {
  const key = `${lowest}-${highest}`;
  const port = next.get(key) ?? lowest + Math.floor(Math.random() * (highest - lowest + 1));
  next.set(key, port >= highest ? lowest : port + 1);
  return port;
}

/**
 * A TCP port nothing listens on right now, for a server started a moment later. Chosen below the
 * kernel's ephemeral range: a port the kernel handed out (`listen(0)`) can be given next to any
 * outgoing connection on the machine (a database client, a browser), and the server that meant to
 * take it then fails with EADDRINUSE; ports below the range are never given out that way. Each test
 * process takes ports from its own slice of the range, one after another.
 */
export async function freePort(range: PortRange = TEST_PORTS): Promise<number> {
  const slice = sliceOf(range);
  const attempts = Math.min(slice.highest - slice.lowest + 1, 200);
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const port = takeNext(slice);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free TCP port found between ${slice.lowest} and ${slice.highest}`);
}
