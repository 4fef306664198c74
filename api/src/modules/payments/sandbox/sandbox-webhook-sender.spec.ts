import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { hmacHex } from './sandbox-signatures.js';
import { SandboxWebhookSender, type SandboxWebhookSettings } from './sandbox-webhook-sender.js';
import { type SandboxPayment } from './sandbox.store.js';

interface Arrival {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint on 127.0.0.1:0 that answers each request as `answer` says (or not at all). */
async function startEndpoint(answer: (arrival: number, response: ServerResponse) => void) {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      arrivals.push({ headers: request.headers, body });
      answer(arrivals.length, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url, arrivals, close };
}

const payment: SandboxPayment = {
  id: 'pay_TEST000000000001',
  orderId: 'order_TEST00000000001',
  amount: 150_000,
  status: 'authorized',
  captureCount: 0,
  capturedAt: null,
  releasedAt: null,
  error: null,
  createdAt: new Date('2025-11-21T10:00:00Z'),
  refunded: 0,
};

describe('SandboxWebhookSender', () => {
  let endpoint: Awaited<ReturnType<typeof startEndpoint>> | undefined;
  let sender: SandboxWebhookSender | undefined;
  const warnings: string[] = [];

  const start = async (answer: (arrival: number, response: ServerResponse) => void, settings: Partial<SandboxWebhookSettings> = {}) => {
    endpoint = await startEndpoint(answer);
    sender = new SandboxWebhookSender({
      url: endpoint.url,
      secret: 'webhook-secret',
      duplicateRate: 0,
      attempts: 4,
      attemptTimeoutMs: 1_000,
      firstBackoffMs: 10,
      random: () => 0.5,
      logger: { warn: (message: string) => void warnings.push(message) },
      ...settings,
    });
    return { endpoint, sender };
  };

  afterEach(async () => {
    await sender?.close();
    await endpoint?.close();
    warnings.length = 0;
  });

  it('posts a signed Razorpay-shaped event, with its event id, without making the caller wait', async () => {
    const { endpoint, sender } = await start((_, response) => response.writeHead(200).end());
    expect(sender.send({ event: 'payment.authorized', payment })).toBeUndefined();
    expect(endpoint.arrivals).toHaveLength(0);
    await sender.settled();

    expect(endpoint.arrivals).toHaveLength(1);
    const [{ headers, body }] = endpoint.arrivals as [Arrival];
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
    expect(headers['x-razorpay-signature']).toBe(hmacHex('webhook-secret', body));
    expect(JSON.parse(body)).toMatchObject({
      entity: 'event',
      event: 'payment.authorized',
      contains: ['payment'],
      payload: { payment: { entity: { id: payment.id, order_id: payment.orderId, amount: 150_000, status: 'authorized' } } },
    });
    expect(warnings).toEqual([]);
  });

  it('retries with backoff after errors and answers other than 2xx, sending the same event each time', async () => {
    const { endpoint, sender } = await start((arrival, response) => response.writeHead(arrival < 3 ? 503 : 204).end());
    sender.send({ event: 'payment.captured', payment: { ...payment, status: 'captured', capturedAt: new Date() } });
    await sender.settled();

    expect(endpoint.arrivals).toHaveLength(3);
    expect(new Set(endpoint.arrivals.map((arrival) => arrival.body)).size).toBe(1);
    expect(new Set(endpoint.arrivals.map((arrival) => arrival.headers['x-razorpay-event-id'])).size).toBe(1);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/attempt 1 of 4 failed \(answered 503\); retrying in 10 ms/);
    expect(warnings[1]).toMatch(/attempt 2 of 4 failed \(answered 503\); retrying in 20 ms/);
  });

  it('gives up after the last attempt, logging and never throwing', async () => {
    const { endpoint, sender } = await start((_, response) => response.writeHead(500).end(), { attempts: 3 });
    sender.send({ event: 'payment.authorized', payment });
    await expect(sender.settled()).resolves.toBeUndefined();
    expect(endpoint.arrivals).toHaveLength(3);
    expect(warnings.at(-1)).toMatch(/attempt 3 of 3 failed \(answered 500\); giving up/);
  });

  it('counts an endpoint that does not answer in time as a failed attempt', async () => {
    const { endpoint, sender } = await start(
      (arrival, response) => {
        if (arrival > 1) response.writeHead(200).end();
      },
      { attemptTimeoutMs: 100 },
    );
    sender.send({ event: 'payment.authorized', payment });
    await sender.settled();
    expect(endpoint.arrivals).toHaveLength(2);
    expect(warnings).toEqual([expect.stringMatching(/attempt 1 of 4 failed \(no answer within 100 ms\)/)]);
  });

  it('logs an endpoint that cannot be reached', async () => {
    const { endpoint, sender } = await start(() => undefined, { attempts: 1 });
    await endpoint.close();
    sender.send({ event: 'payment.authorized', payment });
    await sender.settled();
    expect(warnings).toEqual([expect.stringMatching(/attempt 1 of 1 failed \(fetch failed: .*ECONNREFUSED.*\); giving up/)]);
  });

  it('sends some events twice with the same event id, as Razorpay sometimes does', async () => {
    const draws = [0.05, 0.5];
    const { endpoint, sender } = await start((_, response) => response.writeHead(200).end(), {
      duplicateRate: 0.1,
      random: () => draws.shift() ?? 0.5,
    });
    sender.send({ event: 'payment.authorized', payment });
    sender.send({ event: 'payment.failed', payment: { ...payment, status: 'failed' } });
    await sender.settled();

    const ids = endpoint.arrivals.map((arrival) => ({ id: arrival.headers['x-razorpay-event-id'], event: JSON.parse(arrival.body).event }));
    expect(ids).toHaveLength(3);
    const authorized = ids.filter((arrival) => arrival.event === 'payment.authorized');
    expect(authorized).toHaveLength(2);
    expect(authorized[0]!.id).toBe(authorized[1]!.id);
    expect(ids.filter((arrival) => arrival.event === 'payment.failed')).toHaveLength(1);
  });

  it('stops its deliveries on close: no wait between attempts holds it, and later events are dropped', async () => {
    const { endpoint, sender } = await start((_, response) => response.writeHead(500).end(), { firstBackoffMs: 60_000 });
    sender.send({ event: 'payment.authorized', payment });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(endpoint.arrivals).toHaveLength(1);

    const startedAt = Date.now();
    await sender.close();
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    sender.send({ event: 'payment.authorized', payment });
    await sender.settled();
    expect(endpoint.arrivals).toHaveLength(1);
  });

  it('aborts a request under way on close', async () => {
    const { endpoint, sender } = await start(() => undefined, { attemptTimeoutMs: 60_000 });
    sender.send({ event: 'payment.authorized', payment });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(endpoint.arrivals).toHaveLength(1);
    const startedAt = Date.now();
    await sender.close();
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('uses the clock it is given for waits and timeouts', async () => {
    const timers: Array<{ ms: number; callback: () => void }> = [];
    const clock = {
      now: () => new Date('2025-11-21T10:00:00Z'),
      after: (ms: number, callback: () => void) => {
        const timer = { ms, callback };
        timers.push(timer);
        return () => timers.splice(timers.indexOf(timer), 1);
      },
    };
    const { endpoint, sender } = await start((arrival, response) => response.writeHead(arrival === 1 ? 500 : 200).end(), {
      clock,
      firstBackoffMs: 5_000,
    });
    sender.send({ event: 'payment.authorized', payment });
    const backoff = await waitFor(() => timers.find((timer) => timer.ms === 5_000));
    expect(JSON.parse(endpoint.arrivals[0]!.body).created_at).toBe(Date.parse('2025-11-21T10:00:00Z') / 1000);
    backoff.callback();
    await sender.settled();
    expect(endpoint.arrivals).toHaveLength(2);
    expect(timers).toEqual([]);
  });
});

async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}
