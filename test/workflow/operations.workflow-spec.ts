import { randomUUID } from 'node:crypto';
import { PaymentCaptureJob } from '../../api/src/modules/payments/jobs/payment-capture.job.js';
import { jobIdFor } from '../../api/src/platform/jobs/job-definition.js';
import { startRoundRobinBalancer } from '../../bench/round-robin-balancer.js';
import { freePort } from '../support/node-process.js';
import { expectCapturedOnce, Scenario } from '../support/payment-scenario.js';
import { waitUntil } from '../support/poll.js';
import { sample, scrape } from '../support/prometheus.js';
import { buildTestEntry } from '../support/test-entry.js';

interface LogLine {
  msg?: string;
  reqId?: string;
  jobId?: string;
  jobName?: string;
  outboxId?: string;
  req?: { url?: string };
}

const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

const exited = (scenario: Scenario, name: string) => {
  const { child } = scenario.stack.processes[name]!;
  return waitUntil(
    async () => (child.exitCode !== null || child.signalCode !== null) && { code: child.exitCode },
    `${name} to exit`,
    30_000,
  );
};

describe('what operators watch: metrics and logs', () => {
  let scenario: Scenario | undefined;
  beforeAll(async () => {
    scenario = await Scenario.start({ apiEnv: { LOG_LEVEL: 'info' } });
  }, 90_000);
  afterAll(async () => {
    await scenario?.stop();
  });

  it('counts requests by route pattern and status on the metrics port, never on the public one', async () => {
    const { stack } = scenario!;
    const id = randomUUID();
    const route = { method: 'GET', route: '/api/v1/events/:id/public', status: '404' };
    const before = sample(await scrape(stack.apiMetricsUrl), 'tribe_http_request_duration_seconds_count', route) ?? 0;

    expect((await fetch(`${stack.apiUrl}/api/v1/events/${id}/public`)).status).toBe(404);

    const text = await scrape(stack.apiMetricsUrl);
    expect(sample(text, 'tribe_http_request_duration_seconds_count', route)).toBe(before + 1);
    expect(text).not.toContain(id);
    expect(sample(text, 'tribe_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect((await fetch(`${stack.apiUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${stack.apiUrl}/api/v1/metrics`)).status).toBe(404);
  }, 30_000);

  it('follows one payment from the request to its jobs in the logs, and counts the jobs it ran', async () => {
    const { stack } = scenario!;
    const { host, eventId } = await scenario!.hostWithEvent();
    const paid = await scenario!.applyAndPay(eventId);
    const requestId = `accept-${randomUUID()}`;

    expect(await scenario!.accept(host, paid.applicationId, { 'x-request-id': requestId })).toMatchObject({ status: 'accepted' });

    // The outbox row keeps the request that recorded it...
    const [requested] = await scenario!.db
      .query<{ id: string; request_id: string }>(
        `SELECT id, request_id FROM outbox_event WHERE type = 'payment.capture_requested' AND payload->>'transactionId' = $1`,
        [paid.transactionId],
      )
      .then((result) => result.rows);
    expect(requested!.request_id).toBe(requestId);
    // ...the API's lines for the request carry its id (the completion line is written once the answer
    // has gone, so it may reach the process's output a moment after the answer reached the test)...
    const apiMessages = await waitUntil(async () => {
      const messages = logLines(stack.processes.api!.output())
        .filter((line) => line.reqId === requestId)
        .map((line) => line.msg);
      return messages.includes('request completed') ? messages : undefined;
    }, "the API's completion line of the request");
    expect(apiMessages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // ...and so do the jobs it started, down to the invoice the capture leads to, with their own ids.
    const issued = await waitUntil(
      async () => logLines(stack.processes.workers!.output()).find((line) => line.msg === 'document issued'),
      `the invoice job to log\n${stack.output().slice(-4000)}`,
      30_000,
    );
    expect(issued).toMatchObject({ reqId: requestId, jobName: 'invoice.issue', outboxId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(issued.jobId).toBe(`invoice.issue@${issued.outboxId}`);

    const text = await scrape(`${stack.workersOpsUrl}/metrics`);
    expect(sample(text, 'tribe_job_attempts_total', { job: 'payment.capture', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'tribe_job_duration_seconds_count', { job: 'invoice.issue', outcome: 'completed' })).toBe(1);
    expect(sample(text, 'tribe_queue_jobs', { queue: 'payments', state: 'failed' })).toBe(0);
    expect(sample(text, 'tribe_outbox_pending_events')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tribe_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect((await fetch(`${stack.workersOpsUrl}/live`)).status).toBe(200);
    expect((await fetch(`${stack.workersOpsUrl}/ready`)).status).toBe(200);
  }, 60_000);
});

describe('an API process stopped with SIGTERM under load while another serves', () => {
  let scenario: Scenario | undefined;
  beforeAll(async () => {
    // The stopping process stays up, unready, long enough for the balancer's next readiness checks.
    scenario = await Scenario.start({ apiEnv: { SHUTDOWN_DRAIN_MS: '1500', LOG_LEVEL: 'info' } });
  }, 90_000);
  afterAll(async () => {
    await scenario?.stop();
  });

  it('fails no request: it turns unready, drains, finishes what it started and exits 0', async () => {
    const { stack } = scenario!;
    const secondPort = await freePort();
    stack.startApi('api2', { API_PORT: String(secondPort), API_METRICS_PORT: '0', SHUTDOWN_DRAIN_MS: '1500' });
    const secondUrl = `http://127.0.0.1:${secondPort}`;
    await waitUntil(async () => (await fetch(`${secondUrl}/api/v1/health/ready`).catch(() => undefined))?.ok, 'the second API', 60_000);
    const balancer = await startRoundRobinBalancer([
      { port: Number(new URL(stack.apiUrl).port), readyUrl: `${stack.apiUrl}/api/v1/health/ready` },
      { port: secondPort, readyUrl: `${secondUrl}/api/v1/health/ready` },
    ]);
    const results = { ok: 0, failed: [] as string[] };
    let loading = true;
    const client = async () => {
      while (loading) {
        try {
          const response = await fetch(`http://127.0.0.1:${balancer.port}/api/v1/events/public`);
          await response.arrayBuffer();
          if (response.status === 200) results.ok += 1;
          else results.failed.push(`status ${response.status}`);
        } catch (error) {
          results.failed.push(String((error as Error).cause ?? error));
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    try {
      await waitUntil(async () => results.ok >= 100, 'the load to reach both processes');
      expect(balancer.connections().every((given) => given > 0)).toBe(true);

      stack.processes.api!.child.kill('SIGTERM');
      await waitUntil(
        async () => (await fetch(`${stack.apiUrl}/api/v1/health/ready`)).status === 503,
        'the stopping API to report unready',
      );
      const { code } = await exited(scenario!, 'api');
      const servedBeforeExit = results.ok;
      await waitUntil(async () => results.ok >= servedBeforeExit + 100, 'the other process to carry the load');

      expect(code).toBe(0);
      expect(stack.processes.api!.output()).toContain('shut down cleanly');
    } finally {
      loading = false;
      await Promise.all(clients);
      await balancer.close();
    }
    expect(results.failed).toEqual([]);
  }, 120_000);
});

describe('a workers process stopped with SIGTERM mid-capture', () => {
  let scenario: Scenario | undefined;
  beforeAll(async () => {
    const slowCapture = buildTestEntry('test/support/entries/workers-slow-capture.ts');
    scenario = await Scenario.start({ workersScript: slowCapture, workersEnv: () => ({ SLOW_CAPTURE_MS: '3000' }) });
  }, 90_000);
  afterAll(async () => {
    await scenario?.stop();
  });

  it('finishes the capture before exiting: it completes once and is not run again', async () => {
    const { stack } = scenario!;
    const { host, eventId } = await scenario!.hostWithEvent();
    const paid = await scenario!.applyAndPay(eventId);
    const workers = stack.processes.workers!;

    await scenario!.accept(host, paid.applicationId);
    await waitUntil(async () => workers.output().includes('capture started'), 'the capture to start', 30_000);
    workers.child.kill('SIGTERM');
    // Unready while the capture is still under way.
    await waitUntil(async () => (await fetch(`${stack.workersOpsUrl}/ready`)).status === 503, 'the workers to report unready');
    expect(workers.child.exitCode).toBeNull();
    const { code } = await exited(scenario!, 'workers');

    expect(code).toBe(0);
    expect(workers.output()).toContain('shut down cleanly');
    expect(await scenario!.transaction(paid.transactionId)).toMatchObject({ state: 'captured' });
    const [requested] = await scenario!.outboxEvents('payment.capture_requested', { transactionId: paid.transactionId });
    const job = await scenario!.queue(PaymentCaptureJob.queue).getJob(jobIdFor(PaymentCaptureJob, requested!.id));
    expect(await job?.getState()).toBe('completed');
    expect(job?.attemptsMade).toBe(1);
    await expectCapturedOnce(scenario!, paid);
  }, 120_000);
});
