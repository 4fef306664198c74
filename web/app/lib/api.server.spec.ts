import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { api as apiFunction } from './api.server';

/**
 * The web's calls to the API over kept-alive sockets. The API here closes a connection when a second
 * request arrives on it, as a server does that closed an idle socket just as the web reused it.
 */
describe('api() over kept-alive sockets', () => {
  let server: Server;
  const received: string[] = [];
  // Imported once API_URL names the server above: the web reads its settings when it loads.
  let api: typeof apiFunction;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.endsWith('/slow')) {
        received.push(`${request.method} ${request.url}`);
        return; // never answers
      }
      const socket = request.socket as typeof request.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served > 1) {
        socket.destroy();
        return;
      }
      received.push(`${request.method} ${request.url}`);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.API_TIMEOUT_MS = '300';
    ({ api } = await import('./api.server'));
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  it('sends a read again on a new socket when the reused one turns out closed', async () => {
    received.length = 0;
    await expect(api('/events/public')).resolves.toEqual({ ok: true });
    await expect(api('/events/public')).resolves.toEqual({ ok: true });
    expect(received).toEqual(['GET /api/v1/events/public', 'GET /api/v1/events/public']);
  });

  it('does not send a write twice: it is refused as the API being unavailable', async () => {
    received.length = 0;
    await expect(api('/events/public')).resolves.toEqual({ ok: true });
    await expect(api('/ratings', { method: 'POST', body: { stars: 5 } })).rejects.toMatchObject({ status: 503 });
    expect(received).toEqual(['GET /api/v1/events/public']);
  });

  it('does not send a read again when it was given up for taking too long on a reused socket', async () => {
    received.length = 0;
    await expect(api('/events/public')).resolves.toEqual({ ok: true });
    await expect(api('/slow')).rejects.toMatchObject({ status: 503 });
    expect(received).toEqual(['GET /api/v1/events/public', 'GET /api/v1/slow']);
  });
});
