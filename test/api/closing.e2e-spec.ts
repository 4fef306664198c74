import { once } from 'node:events';
import { type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Messages } from '../../api/src/contracts/messages.js';
import { waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** The status line, headers and JSON body of each response read off one connection. */
function parseResponses(raw: string): Array<{ status: number; headers: Record<string, string>; body: unknown }> {
  const responses = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine, ...headerLines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length']);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    responses.push({ status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) as unknown });
    rest = rest.slice(headEnd + 4 + length);
  }
  return responses;
}

describe('a request that arrives while the API is shutting down', () => {
  let api: TestApi;
  afterAll(async () => {
    await api?.close();
  });

  it('is answered 503 in the product shape, with Retry-After, and the connection closed', async () => {
    api = await startTestApi();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const server = api.app.getHttpServer() as Server;
    const { port } = server.address() as AddressInfo;

    // A request under way keeps its connection open through the shutdown: its body is half sent.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const ended = once(socket, 'close');
    const body = JSON.stringify({ email: 'someone@example.in', password: 'a-good-password' });
    const started = once(server, 'request');
    socket.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await started;

    const closing = api.closeApp();
    await waitUntil(async () => !server.listening, 'the server to stop listening');
    // The rest of the first request, and a second one behind it on the same connection.
    socket.write(`${body.slice(10)}GET /api/v1/health HTTP/1.1\r\nHost: api\r\n\r\n`);
    await ended;
    await closing;

    const [first, second] = parseResponses(received);
    expect(first!.status).toBe(401);
    expect(second).toEqual({
      status: 503,
      headers: expect.objectContaining({
        'retry-after': '5',
        connection: 'close',
        'content-type': expect.stringMatching(/^application\/json/),
      }),
      body: { error: Messages.generic.serviceUnavailable, code: 'service_unavailable' },
    });
  });
});
