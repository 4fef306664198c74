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

/**
 * A TCP port nothing listens on right now, for a server started a moment later. Chosen at random
 * below the kernel's ephemeral range: a port the kernel handed out (`listen(0)`) can be given next
 * to any outgoing connection on the machine (a database client, a browser), and the server that
 * meant to take it then fails with EADDRINUSE; ports below the range are never given out that way.
 */
export async function freePort({ lowest, highest } = TEST_PORTS): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = lowest + Math.floor(Math.random() * (highest - lowest + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free TCP port found between ${lowest} and ${highest}`);
}
