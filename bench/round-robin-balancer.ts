import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Backend {
  port: number;
  /** GET this URL decides whether the backend gets new connections (200: yes). */
  readyUrl: string;
}

export interface RoundRobinBalancer {
  port: number;
  /** Connections each backend was given. */
  connections: () => number[];
  close: () => Promise<void>;
}

const CHECK_EVERY_MS = 100;
const CHECK_TIMEOUT_MS = 500;

/**
 * A TCP load balancer in front of API processes, standing in for a Kubernetes Service behind an
 * ingress: it hands each new connection to the next ready backend in turn, polling every backend's
 * readiness probe; a connection a backend refuses goes to the next one (as the ingress retries an
 * upstream it could not connect to). Open connections stay with their backend until either side
 * closes them.
 */
export async function startRoundRobinBalancer(backends: Backend[]): Promise<RoundRobinBalancer> {
  const ready = backends.map(() => false);
  const given = backends.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  let closed = false;

  const check = async (index: number) => {
    const response = await fetch(backends[index]!.readyUrl, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).catch(() => undefined);
    ready[index] = response?.status === 200;
    await response?.arrayBuffer().catch(() => undefined);
  };
  const poll = async () => {
    while (!closed) {
      await Promise.all(backends.map((_, index) => check(index)));
      await new Promise((resolve) => setTimeout(resolve, CHECK_EVERY_MS));
    }
  };

  /** The ready backends, starting from the next in turn; all of them when none is ready (better a try than a refusal). */
  const candidates = (): number[] => {
    const order = backends.map((_, offset) => (next + offset) % backends.length);
    next = (next + 1) % backends.length;
    const up = order.filter((index) => ready[index]);
    return up.length > 0 ? up : order;
  };

  const connect = (client: Socket, remaining: number[]) => {
    const index = remaining[0];
    if (index === undefined) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: backends[index]!.port });
    let connected = false;
    upstream.once('error', () => {
      // Refused (the backend has stopped listening): the next one gets the connection.
      if (!connected) connect(client, remaining.slice(1));
    });
    upstream.once('connect', () => {
      connected = true;
      given[index]! += 1;
      open.add(upstream);
      upstream.on('close', () => open.delete(upstream));
      upstream.on('error', () => undefined);
      client.pipe(upstream).pipe(client);
      client.resume();
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => undefined);
    connect(client, candidates());
  });
  await Promise.all(backends.map((_, index) => check(index)));
  void poll();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    connections: () => [...given],
    close: async () => {
      closed = true;
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
