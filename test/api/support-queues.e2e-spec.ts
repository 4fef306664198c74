import { Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Messages } from '../../api/src/contracts/messages.js';
import { PaymentCaptureJob } from '../../api/src/modules/payments/jobs/payment-capture.job.js';
import { declaredQueueNames, jobIdFor } from '../../api/src/platform/jobs/job-definition.js';
import { JobQueues } from '../../api/src/platform/jobs/job-queues.js';
import { bearer, makeAdmin, makeSupportStaff, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { createEvent, openOrder } from '../support/join-flow.js';
import { waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const SEARCH = '/api/v1/admin/support/jobs';

describe('the support view of the job queues', () => {
  let api: TestApi;
  let admin: SignedUp;
  let support: SignedUp;
  let fan: SignedUp;
  let transactionId: string;
  let jobId: string;

  /** A capture job that really ran in the payments queue and failed its only attempt (the provider refused). */
  async function failedCapture(): Promise<string> {
    const outboxId = randomUUID();
    const id = jobIdFor(PaymentCaptureJob, outboxId);
    const queue = api.app.get(JobQueues).queue(PaymentCaptureJob.queue);
    await queue.add(PaymentCaptureJob.name, { transactionId, outboxId }, { jobId: id, attempts: 1 });
    const worker = new Worker(
      PaymentCaptureJob.queue,
      async () => {
        throw new Error('PaymentProviderError: BAD_REQUEST_ERROR the payment has already been refunded');
      },
      { connection: { url: api.config.REDIS_URL }, prefix: api.config.QUEUE_PREFIX },
    );
    try {
      await waitUntil(async () => (await queue.getJob(id))?.failedReason, 'the job to fail');
    } finally {
      await worker.close();
    }
    return id;
  }

  beforeAll(async () => {
    api = await startTestApi();
    [admin, support, fan] = [await signUp(api), await signUp(api), await signUp(api)];
    await makeAdmin(api, admin.user.id);
    await makeSupportStaff(api, support.user.id);
    const host = await signUpHost(api);
    const event = await createEvent(api, host);
    ({ transactionId } = await openOrder(api, fan, event.id));
    jobId = await failedCapture();
  });
  afterAll(async () => {
    await api.close();
  });

  it('lets support staff and admins in, and nobody else; support staff get nothing else of the admin area', async () => {
    await api.http().get(SEARCH).query({ id: transactionId }).expect(401);
    await api
      .http()
      .get(SEARCH)
      .query({ id: transactionId })
      .set(bearer(fan.token))
      .expect(403, { error: 'Admin access required', code: 'forbidden' });
    await api.http().get(SEARCH).query({ id: transactionId }).set(bearer(admin.token)).expect(200);
    await api.http().get(SEARCH).query({ id: transactionId }).set(bearer(support.token)).expect(200);
    await api.http().get('/api/v1/admin/queues').set(bearer(support.token)).expect(200);
    await api.http().get('/api/v1/admin/queues').set(bearer(fan.token)).expect(403);
    // The support permission is not admin: payouts stay closed.
    await api.http().get('/api/v1/admin/payouts').set(bearer(support.token)).expect(403);
    const retry = `${SEARCH}/payments/${encodeURIComponent(jobId)}/retry`;
    await api.http().post(retry).set(bearer(fan.token)).send({ confirm: true, reason: 'trying' }).expect(403);
  });

  it('lists every queue the workers run in the dashboard, with its jobs, to support staff and admins only', async () => {
    const expected = declaredQueueNames();
    // The queues of the jobs this suite's modules declare: payments, applications, push, chat, …
    expect(expected).toEqual(expect.arrayContaining(['applications', 'chat', 'payments', 'push']));
    for (const who of [support, admin]) {
      const listed = await api.http().get('/api/v1/admin/queues/api/queues').set(bearer(who.token)).expect(200);
      const queues = listed.body.queues as Array<{ name: string; counts: Record<string, number> }>;
      expect(queues.map((queue) => queue.name).sort()).toEqual(expected);
      // The failed capture is in its queue's counts.
      expect(queues.find((queue) => queue.name === PaymentCaptureJob.queue)!.counts.failed).toBeGreaterThanOrEqual(1);
    }
    await api.http().get('/api/v1/admin/queues/api/queues').set(bearer(fan.token)).expect(403);
    await api.http().get('/api/v1/admin/queues/api/queues').expect(401);
  });

  it('lets support staff look at the dashboard but change nothing there; an admin may', async () => {
    const queue = api.app.get(JobQueues).queue(PaymentCaptureJob.queue);
    const dashboard = `/api/v1/admin/queues/api/queues/${PaymentCaptureJob.queue}`;
    for (const [method, path] of [
      ['put', `${dashboard}/pause`],
      ['put', `${dashboard}/clean/failed`],
      ['put', `${dashboard}/${encodeURIComponent(jobId)}/retry`],
      ['post', `${dashboard}/add`],
    ] as const) {
      const request = method === 'put' ? api.http().put(path) : api.http().post(path);
      await request
        .set(bearer(support.token))
        .send({ name: 'x', data: {} })
        .expect(403, { error: Messages.auth.queueDashboardReadOnly, code: 'forbidden' });
    }
    expect(await queue.isPaused()).toBe(false);
    expect(await (await queue.getJob(jobId))?.getState()).toBe('failed');
    expect(await queue.count()).toBe(0);

    await api.http().put(`${dashboard}/pause`).set(bearer(admin.token)).expect(200);
    expect(await queue.isPaused()).toBe(true);
    await api.http().put(`${dashboard}/resume`).set(bearer(admin.token)).expect(200);
    expect(await queue.isPaused()).toBe(false);
  });

  it('finds the jobs of a payment by its id, with the failure in plain words', async () => {
    const response = await api.http().get(SEARCH).query({ id: transactionId }).set(bearer(support.token)).expect(200);
    expect(response.body).toMatchObject({ id: transactionId, complete: true, scanned: { perState: 200 } });
    expect(response.body.jobs).toEqual([
      expect.objectContaining({
        queue: 'payments',
        id: jobId,
        name: 'payment.capture',
        state: 'failed',
        attemptsMade: 1,
        failedReason: expect.stringContaining('already been refunded'),
        explanation: expect.stringContaining('payment provider refused'),
        dashboardPath: `/api/v1/admin/queues/queue/payments/${encodeURIComponent(jobId)}`,
      }),
    ]);
    // The hit's link opens that job in the dashboard, and the dashboard's API has it.
    await api.http().get(response.body.jobs[0].dashboardPath).set(bearer(support.token)).expect(200);
    const shown = await api
      .http()
      .get(`/api/v1/admin/queues/api/queues/payments/${encodeURIComponent(jobId)}`)
      .set(bearer(support.token))
      .expect(200);
    expect(shown.body.job).toMatchObject({ id: jobId, name: 'payment.capture' });
    const nothing = await api.http().get(SEARCH).query({ id: randomUUID() }).set(bearer(support.token)).expect(200);
    expect(nothing.body.jobs).toEqual([]);
    await api.http().get(SEARCH).query({ id: 'not-an-id' }).set(bearer(support.token)).expect(400);
  });

  it('shows a failed job with the payment it is about', async () => {
    const response = await api
      .http()
      .get(`${SEARCH}/payments/${encodeURIComponent(jobId)}`)
      .set(bearer(support.token))
      .expect(200);
    expect(response.body.related).toEqual([
      { kind: 'payment', id: transactionId, summary: expect.objectContaining({ state: 'created', amount: 500, payerId: fan.user.id }) },
    ]);
    expect(response.body.history).toEqual([]);
    await api.http().get(`${SEARCH}/payments/payment.capture@${randomUUID()}`).set(bearer(support.token)).expect(404);
    await api
      .http()
      .get(`${SEARCH}/no-such-queue/${encodeURIComponent(jobId)}`)
      .set(bearer(support.token))
      .expect(404);
  });

  it('retries a failed job only when confirmed, moving it back to waiting and recording who did it and why', async () => {
    const retry = `${SEARCH}/payments/${encodeURIComponent(jobId)}/retry`;
    const unconfirmed = await api.http().post(retry).set(bearer(support.token)).send({ reason: 'provider fixed' }).expect(400);
    expect(unconfirmed.body.error).toMatch(/Confirm the action/);
    await api.http().post(retry).set(bearer(support.token)).send({ confirm: true }).expect(400);
    const queue = api.app.get(JobQueues).queue(PaymentCaptureJob.queue);
    expect(await (await queue.getJob(jobId))!.getState()).toBe('failed');

    const retried = await api.http().post(retry).set(bearer(support.token)).send({ confirm: true, reason: 'provider fixed' }).expect(200);
    expect(retried.body).toMatchObject({ id: jobId, state: 'waiting' });
    expect(await (await queue.getJob(jobId))!.getState()).toBe('waiting');
    const { rows } = await api.db.query('SELECT admin_id, action, queue, job_id, job_name, reason FROM support_audit');
    expect(rows).toEqual([
      {
        admin_id: support.user.id,
        action: 'retry',
        queue: 'payments',
        job_id: jobId,
        job_name: 'payment.capture',
        reason: 'provider fixed',
      },
    ]);
    // It is no longer failed: a second retry (another person's, a double click) is refused and not recorded.
    await api.http().post(retry).set(bearer(admin.token)).send({ confirm: true, reason: 'again' }).expect(409);
    const detail = await api
      .http()
      .get(`${SEARCH}/payments/${encodeURIComponent(jobId)}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(detail.body.history).toEqual([expect.objectContaining({ action: 'retry', adminId: support.user.id, reason: 'provider fixed' })]);
  });

  it('discards a failed job when confirmed, with an audit record', async () => {
    const other = await failedCapture();
    const discard = `${SEARCH}/payments/${encodeURIComponent(other)}/discard`;
    await api.http().post(discard).set(bearer(admin.token)).send({ confirm: false, reason: 'duplicate' }).expect(400);
    await api.http().post(discard).set(bearer(admin.token)).send({ confirm: true, reason: 'duplicate' }).expect(200, { discarded: true });
    expect(await api.app.get(JobQueues).queue(PaymentCaptureJob.queue).getJob(other)).toBeUndefined();
    const { rows } = await api.db.query('SELECT admin_id, action, job_id FROM support_audit WHERE action = $1', ['discard']);
    expect(rows).toEqual([{ admin_id: admin.user.id, action: 'discard', job_id: other }]);
  });
});
