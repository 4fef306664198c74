import { ApplicationsCancelJob } from '../../api/src/modules/applications/jobs/applications-cancel.job.js';
import { PaymentCaptureJob } from '../../api/src/modules/payments/jobs/payment-capture.job.js';
import { jobIdFor } from '../../api/src/platform/jobs/job-definition.js';
import { waitUntil } from '../support/poll.js';
import { startOwnRedis, type OwnRedis } from '../support/redis-server.js';
import { expectCapturedOnce, PRICE, Scenario } from '../support/payment-scenario.js';
import { buildTestEntry } from '../support/test-entry.js';

/**
 * Money moves exactly once whatever fails: a worker killed between the provider's capture and its
 * commit, Redis stopped while a host accepts, Redis emptied after the capture was queued, and an
 * event cancelled while its captures are still under way. Real API and workers processes, the
 * sandbox as the provider; the sandbox counts the captures that moved money.
 */
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

    // The capture is due again 15 s after it was requested: as if those had passed (the test need not
    // wait them out); the reconciler runs every 500 ms.
    await scenario!.db.query(`UPDATE payment_transaction SET state_changed_at = now() - interval '1 minute' WHERE id = $1`, [
      paid.transactionId,
    ]);
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
