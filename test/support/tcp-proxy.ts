import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';

/** A TCP proxy a test can cut and restore, standing in for a network outage to one dependency. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones (by resetting them) until `restore()`. */
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) {
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
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    cut: () => {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore: () => {
      cut = false;
    },
    close: async () => {
      for (const socket of open) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
