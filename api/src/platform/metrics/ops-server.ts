import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface OpsResponse {
  status: number;
  contentType: string;
  body: string;
}

export type OpsRoutes = Record<string, () => Promise<OpsResponse>>;

export interface OpsServer {
  port: number;
  close: () => Promise<void>;
}

/**
 * A small HTTP server for operators (metrics, probes) on a port of its own that is never routed
 * publicly. GET only; anything else is a 404.
 */
export async function startOpsServer(host: string, port: number, routes: OpsRoutes): Promise<OpsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const route = request.method === 'GET' ? routes[path] : undefined;
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    route().then(
      ({ status, contentType, body }) => response.writeHead(status, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('failed\n'),
    );
  });
  server.keepAliveTimeout = 5_000;
  server.listen(port, host);
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const textResponse = (status: number, body: string): OpsResponse => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body: `${body}\n`,
});
