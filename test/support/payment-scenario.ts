import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { waitUntil } from './poll.js';
import { startStack, type Stack, type StackOptions } from './servers.js';

/**
 * A payment journey against real API and workers processes (startStack), the sandbox as the
 * provider, with the reads tests assert on. The sandbox's webhooks go nowhere: a
 * `payment.captured` webhook would record a capture by another road than the capture job's own.
 */
export const NO_WEBHOOKS = { SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/unused', SANDBOX_WEBHOOK_DUPLICATE_RATE: '0' };
export const PRICE = 500;

export interface Person {
  token: string;
  id: string;
}

export interface Paid {
  fan: Person;
  transactionId: string;
  paymentId: string;
  applicationId: string;
}

export interface TransactionRow {
  state: string;
  captured_amount: number;
  refunded_amount: number;
}

export interface SandboxPayment {
  status: string;
  captureCount: number;
  capturedAmount: number;
  refundedAmount: number;
  released: boolean;
  refunds: Array<{ amount: number; status: string }>;
}

export class Scenario {
  readonly db: pg.Pool;
  private readonly queues = new Map<string, Queue>();

  private constructor(readonly stack: Stack) {
    this.db = new pg.Pool({ connectionString: stack.config.DATABASE_URL, max: 2 });
    this.db.on('error', () => undefined);
  }

  static async start(options: Omit<StackOptions, 'web'> = {}): Promise<Scenario> {
    return new Scenario(await startStack({ web: false, ...options, config: { ...NO_WEBHOOKS, ...options.config } }));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await this.db.end();
    await this.stack.stop();
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: { url: this.stack.config.REDIS_URL }, prefix: this.stack.config.QUEUE_PREFIX });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async call(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<any> {
    const response = await fetch(`${this.stack.apiUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const body = (await response.json()) as unknown;
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  }

  async signUp(fields: Record<string, unknown> = {}): Promise<Person> {
    const email = `person.${randomUUID()}@example.in`;
    const body = await this.call('/auth/register', {
      method: 'POST',
      body: { email, password: 'a-good-password', name: 'Test Person', ...fields },
    });
    return { token: body.token, id: body.user.id };
  }

  async hostWithEvent(capacity = 10): Promise<{ host: Person; eventId: string }> {
    const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const host = await this.signUp({ role: 'influencer', name: 'Host Person', age: 31, gender: 'female', mobile_number: mobile });
    // A verified host: the event is listed at once, without waiting for review.
    await this.db.query('UPDATE users SET verified = true WHERE id = $1', [host.id]);
    const event = await this.call('/events', {
      method: 'POST',
      token: host.token,
      body: { title: 'Jazz night', date: '2031-06-01T19:00:00+05:30', min_bid: PRICE, capacity, meeting_link: 'https://meet.example.in/j' },
    });
    return { host, eventId: event.id };
  }

  /** A fan pays in the sandbox's checkout; the workers turn the payment into a pending application. */
  async applyAndPay(eventId: string): Promise<Paid> {
    const fan = await this.signUp();
    const order = await this.call('/payments/pre-authorization', {
      method: 'POST',
      token: fan.token,
      body: { tempBidId: randomUUID(), eventId, amount: PRICE, message: 'Count me in' },
    });
    const paid = await this.call(`/sandbox/orders/${order.orderId}/pay`, { method: 'POST', body: { outcome: 'success' } });
    await this.call('/payments/verify', {
      method: 'POST',
      token: fan.token,
      body: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
    });
    const application = await waitUntil(async () => {
      const mine = (await this.call('/applications/mine', { token: fan.token })) as Array<{ id: string; eventId: string }>;
      return mine.find((found) => found.eventId === eventId);
    }, 'the workers to make the application');
    return { fan, transactionId: order.id, paymentId: paid.razorpay_payment_id, applicationId: application.id };
  }

  accept(host: Person, applicationId: string, headers: Record<string, string> = {}): Promise<{ status: string }> {
    return this.call(`/applications/${applicationId}/accept`, { method: 'POST', token: host.token, headers });
  }

  async transaction(id: string): Promise<TransactionRow> {
    const { rows } = await this.db.query<TransactionRow>(
      'SELECT state, captured_amount, refunded_amount FROM payment_transaction WHERE id = $1',
      [id],
    );
    return rows[0]!;
  }

  /** Polls until the transaction leaves `capturing` (or whichever states are passed), and returns where it went. */
  async settled(id: string, passing: string[], what: string, deadlineMs = 30_000): Promise<TransactionRow> {
    return waitUntil(
      async () => {
        const row = await this.transaction(id);
        return !passing.includes(row.state) && row;
      },
      `${what}\n${this.stack.output().slice(-6000)}`,
      deadlineMs,
    );
  }

  sandboxPayment(paymentId: string): Promise<SandboxPayment> {
    return this.call(`/sandbox/payments/${paymentId}`);
  }

  /** The outbox events of this type about this transaction (payload containment). */
  async outboxEvents(type: string, payload: Record<string, string>): Promise<Array<{ id: string; published_at: Date | null }>> {
    const { rows } = await this.db.query(
      'SELECT id, published_at FROM outbox_event WHERE type = $1 AND payload @> $2::jsonb ORDER BY created_at',
      [type, JSON.stringify(payload)],
    );
    return rows;
  }

  async applicationStatus(id: string): Promise<string> {
    const { rows } = await this.db.query<{ status: string }>('SELECT status FROM application WHERE id = $1', [id]);
    return rows[0]!.status;
  }
}

/** The sandbox moved money once for this payment, and the product recorded exactly that once. */
export async function expectCapturedOnce(scenario: Scenario, paid: Paid): Promise<void> {
  expect(await scenario.transaction(paid.transactionId)).toMatchObject({ state: 'captured', captured_amount: PRICE });
  expect(await scenario.sandboxPayment(paid.paymentId)).toMatchObject({ status: 'captured', captureCount: 1, capturedAmount: PRICE });
  expect(await scenario.outboxEvents('payment.captured', { transactionId: paid.transactionId })).toHaveLength(1);
}
