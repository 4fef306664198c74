import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ApplicationsCancelJob } from '../../api/src/modules/applications/jobs/applications-cancel.job.js';
import { PaymentCaptureJob } from '../../api/src/modules/payments/jobs/payment-capture.job.js';
import { jobIdFor } from '../../api/src/platform/jobs/job-definition.js';
import { waitUntil } from '../support/poll.js';
import { startOwnRedis, type OwnRedis } from '../support/redis-server.js';
import { startStack, type Stack, type StackOptions } from '../support/servers.js';
import { buildTestEntry } from '../support/test-entry.js';

/**
 * Money moves exactly once whatever fails: a worker killed between the provider's capture and its
 * commit, Redis stopped while a host accepts, Redis emptied after the capture was queued, and an
 * event cancelled while its captures are still under way. Real API and workers processes, the
 * sandbox as the provider; the sandbox counts the captures that moved money.
 *
 * The sandbox's webhooks go nowhere here: a `payment.captured` webhook would record the capture by
 * another road, and each test is about the capture job's own.
 */
const NO_WEBHOOKS = { SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/unused', SANDBOX_WEBHOOK_DUPLICATE_RATE: '0' };
const PRICE = 500;

interface Person {
  token: string;
  id: string;
}

interface Paid {
  fan: Person;
  transactionId: string;
  paymentId: string;
  applicationId: string;
}

interface TransactionRow {
  state: string;
  captured_amount: number;
  refunded_amount: number;
}

interface SandboxPayment {
  status: string;
  captureCount: number;
  capturedAmount: number;
  refundedAmount: number;
  released: boolean;
  refunds: Array<{ amount: number; status: string }>;
}

class Scenario {
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

  async call(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<any> {
    const response = await fetch(`${this.stack.apiUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
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

  accept(host: Person, applicationId: string): Promise<{ status: string }> {
    return this.call(`/applications/${applicationId}/accept`, { method: 'POST', token: host.token });
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
async function expectCapturedOnce(scenario: Scenario, paid: Paid): Promise<void> {
  expect(await scenario.transaction(paid.transactionId)).toMatchObject({ state: 'captured', captured_amount: PRICE });
  expect(await scenario.sandboxPayment(paid.paymentId)).toMatchObject({ status: 'captured', captureCount: 1, capturedAmount: PRICE });
  expect(await scenario.outboxEvents('payment.captured', { transactionId: paid.transactionId })).toHaveLength(1);
}

describe('a worker killed after the provider captured and before its commit', () => {
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    const killedAfterCapture = buildTestEntry('test/support/entries/workers-killed-after-capture.ts');
    scenario = await Scenario.start({ workersScript: killedAfterCapture });
  });
  afterAll(async () => {
    await scenario?.stop();
  });

  it('captures once: the next worker finds the payment captured at the provider and records it', async () => {
    const { stack } = scenario!;
    const { host, eventId } = await scenario!.hostWithEvent();
    const paid = await scenario!.applyAndPay(eventId);

    expect(await scenario!.accept(host, paid.applicationId)).toMatchObject({ status: 'accepted' });

    // The capture job called the provider, which took the money, and the process died before its commit.
    const killed = stack.processes.workers!;
    await waitUntil(async () => killed.child.exitCode !== null || killed.child.signalCode !== null, 'the worker to die mid-capture');
    expect(killed.child.signalCode).toBe('SIGKILL');
    expect(await scenario!.sandboxPayment(paid.paymentId)).toMatchObject({ status: 'captured', captureCount: 1 });
    expect(await scenario!.transaction(paid.transactionId)).toMatchObject({ state: 'capturing', captured_amount: 0 });

    // A fresh worker takes the job over once its lock lapses, captures again (a no-op) and commits.
    stack.processes.killedWorkers = killed;
    stack.startWorkers();
    const settled = await scenario!.settled(paid.transactionId, ['capturing'], 'a fresh worker to finish the capture');
    expect(settled.state).toBe('captured');
    await expectCapturedOnce(scenario!, paid);
  }, 90_000);
});

describe('Redis stopped while a host accepts', () => {
  let redis: OwnRedis;
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis();
    // The reconciler is kept out of the way: the outbox relay alone must deliver the capture.
    scenario = await Scenario.start({ config: { REDIS_URL: redis.url, RECONCILE_INTERVAL_MS: '3600000' } });
  });
  afterAll(async () => {
    await scenario?.stop();
    await redis?.stop();
  });

  it('keeps the accept (it writes only PostgreSQL), and captures once when Redis is back', async () => {
    const { stack } = scenario!;
    const { host, eventId } = await scenario!.hostWithEvent();
    const paid = await scenario!.applyAndPay(eventId);

    await redis.shutDown();
    expect(await scenario!.accept(host, paid.applicationId)).toMatchObject({ status: 'accepted' });

    expect(await scenario!.applicationStatus(paid.applicationId)).toBe('accepted');
    // The relay tries, fails while Redis is away, and keeps the event for later.
    const requested = async () => (await scenario!.outboxEvents('payment.capture_requested', { transactionId: paid.transactionId }))[0]!;
    await waitUntil(
      async () =>
        stack.processes.workers!.output().includes('outbox relay cannot reach Redis') || (await requested()).published_at !== null,
      'the relay to find Redis away',
    );
    expect(await requested()).toMatchObject({ published_at: null });
    expect(await scenario!.transaction(paid.transactionId)).toMatchObject({ state: 'capturing' });
    expect(await scenario!.sandboxPayment(paid.paymentId)).toMatchObject({ status: 'authorized', captureCount: 0 });

    await redis.startAgain();

    const settled = await scenario!.settled(paid.transactionId, ['capturing'], 'the capture after Redis came back');
    expect(settled.state).toBe('captured');
    await expectCapturedOnce(scenario!, paid);
    expect(await scenario!.applicationStatus(paid.applicationId)).toBe('accepted');
  }, 90_000);
});

describe('Redis emptied after the capture job was queued', () => {
  let redis: OwnRedis;
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis();
    scenario = await Scenario.start({ config: { REDIS_URL: redis.url, RECONCILE_INTERVAL_MS: '500' } });
  });
  afterAll(async () => {
    await scenario?.stop();
    await redis?.stop();
  });

  it('captures once: the reconciler finds the payment still capturing and queues its job again', async () => {
    const { stack } = scenario!;
    const { host, eventId } = await scenario!.hostWithEvent();
    const paid = await scenario!.applyAndPay(eventId);
    // Paused, the capture waits in Redis: the relay has queued it, no worker has taken it.
    const payments = scenario!.queue(PaymentCaptureJob.queue);
    await payments.pause();

    await scenario!.accept(host, paid.applicationId);
    const published = await waitUntil(async () => {
      const [requested] = await scenario!.outboxEvents('payment.capture_requested', { transactionId: paid.transactionId });
      return requested?.published_at ? requested : undefined;
    }, 'the relay to queue the capture');
    const jobId = jobIdFor(PaymentCaptureJob, published.id);
    expect(await (await payments.getJob(jobId))?.getState()).toBe('waiting');

    await redis.flushAll();
    expect(await payments.getJob(jobId)).toBeUndefined();

    // The capture is due again 15 s after it was requested; the reconciler runs every 500 ms.
    const settled = await scenario!.settled(paid.transactionId, ['capturing'], 'the reconciler to have the capture done', 45_000);
    expect(settled.state).toBe('captured');
    await expectCapturedOnce(scenario!, paid);
    expect(stack.processes.workers!.output()).toContain('job lost from Redis; queued again');
  }, 90_000);
});

describe('an event cancelled while its captures are under way', () => {
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    // Short retry delays: the cancellation retries while the captures are still in flight.
    scenario = await Scenario.start({ config: { JOB_BACKOFF_SCALE: '0.05', RECONCILE_INTERVAL_MS: '500' } });
  });
  afterAll(async () => {
    await scenario?.stop();
  });

  it('refunds every captured fan once and releases the fan still pending', async () => {
    const { stack } = scenario!;
    const { host, eventId } = await scenario!.hostWithEvent();
    const accepted = [await scenario!.applyAndPay(eventId), await scenario!.applyAndPay(eventId), await scenario!.applyAndPay(eventId)];
    const pending = await scenario!.applyAndPay(eventId);

    // The captures are requested and queued, and held there.
    const payments = scenario!.queue(PaymentCaptureJob.queue);
    await payments.pause();
    for (const paid of accepted) await scenario!.accept(host, paid.applicationId);
    await waitUntil(async () => (await payments.getWaitingCount()) === accepted.length, 'the captures to be queued');

    await scenario!.call(`/events/${eventId}/cancel`, { method: 'POST', token: host.token });

    // The cancellation ends what it can (the pending fan) and retries while the captures are in flight.
    const [cancelled] = await scenario!.outboxEvents('event.cancelled', { eventId });
    const cancelJobId = jobIdFor(ApplicationsCancelJob, cancelled!.id);
    const applications = scenario!.queue(ApplicationsCancelJob.queue);
    const firstRun = await waitUntil(async () => {
      const job = await applications.getJob(cancelJobId);
      return job && job.attemptsMade >= 1 ? job : undefined;
    }, 'the cancellation to run');
    expect(await scenario!.applicationStatus(pending.applicationId)).toBe('cancelled');
    for (const paid of accepted) {
      expect(await scenario!.applicationStatus(paid.applicationId)).toBe('accepted');
      expect(await scenario!.transaction(paid.transactionId)).toMatchObject({ state: 'capturing' });
    }
    expect(firstRun.failedReason).toContain('still under way');

    await payments.resume();

    for (const paid of accepted) {
      const settled = await scenario!.settled(paid.transactionId, ['capturing', 'captured'], 'the captured money to be refunded', 45_000);
      expect(settled).toMatchObject({ state: 'refunded', captured_amount: PRICE, refunded_amount: PRICE });
      expect(await scenario!.sandboxPayment(paid.paymentId)).toMatchObject({
        status: 'refunded',
        captureCount: 1,
        capturedAmount: PRICE,
        refundedAmount: PRICE,
        refunds: [{ amount: PRICE, status: 'processed' }],
      });
      const { rows: refunds } = await scenario!.db.query('SELECT amount, status FROM payment_refund WHERE transaction_id = $1', [
        paid.transactionId,
      ]);
      expect(refunds).toEqual([{ amount: PRICE, status: 'processed' }]);
      expect(await scenario!.applicationStatus(paid.applicationId)).toBe('cancelled');
    }
    const released = await scenario!.settled(pending.transactionId, ['authorized', 'releasing'], 'the pending fan to be released');
    expect(released).toMatchObject({ state: 'released', captured_amount: 0 });
    expect(await scenario!.sandboxPayment(pending.paymentId)).toMatchObject({ released: true, captureCount: 0 });
    expect(stack.processes.workers!.output()).not.toContain('used up its attempts');
  }, 120_000);
});
