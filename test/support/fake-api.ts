import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A stand-in for the API that a test scripts route by route, to show what the web does when the
 * real one is down, slow or unavailable: answer with a status and body, hang, or drop the connection.
 */
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang' | 'drop';

export interface FakeApi {
  /** http://127.0.0.1:<port>, for the web's API_URL */
  url: string;
  /** How to answer `METHOD /path` (the query is ignored); unscripted routes answer 404. */
  answer: (route: string, answer: FakeAnswer) => void;
  /** The routes asked so far, in order. */
  asked: () => string[];
  close: () => Promise<void>;
}

export async function startFakeApi(): Promise<FakeApi> {
  const answers = new Map<string, FakeAnswer>();
  const asked: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://fake').pathname}`;
    asked.push(route);
    req.resume();
    const answer = answers.get(route) ?? { status: 404, body: { error: 'Not found', code: 'not_found' } };
    if (answer === 'hang') return;
    if (answer === 'drop') {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (route, answer) => answers.set(route, answer),
    asked: () => [...asked],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
