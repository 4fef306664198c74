import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';

/** A TCP proxy a test can cut and restore, standing in for a network outage to one dependency. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones (by resetting them) until `restore()`. */
  cut: () => void;
  /**
   * Stops forwarding without closing anything until `restore()`: open connections and new ones stay
   * up but nothing arrives (a network partition, or a server that stopped answering). Bytes sent in
   * the meantime are held, as TCP would, and delivered on `restore()`.
   */
  hang: () => void;
  restore: () => void;
  /** Connections refused since the last `cut()`: how often the clients behind the proxy tried again. */
  refusedSinceCut: () => number;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let mode: 'forward' | 'cut' | 'hang' = 'forward';
  let refused = 0;
  const server = createServer((client) => {
    if (mode === 'cut') {
      refused += 1;
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    // A paused socket reads nothing, so nothing is forwarded either way (after pipe(), which resumes).
    if (mode === 'hang') for (const socket of [client, upstream]) socket.pause();
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    cut: () => {
      mode = 'cut';
      refused = 0;
      for (const socket of open) socket.destroy();
    },
    hang: () => {
      mode = 'hang';
      for (const socket of open) socket.pause();
    },
    restore: () => {
      mode = 'forward';
      for (const socket of open) socket.resume();
    },
    refusedSinceCut: () => refused,
    close: async () => {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
