import { type Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { MediaVariantsJob } from '../../api/src/modules/uploads/jobs/media-variants.job.js';
import { APP_ENTITIES } from '../../api/src/app.entities.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { dataSourceOptions } from '../../api/src/platform/database/data-source-options.js';
import { defineJob, defineScheduledJob, jobIdFor, type JobData } from '../../api/src/platform/jobs/job-definition.js';
import { type JobHandler } from '../../api/src/platform/jobs/job-handler.js';
import { JobQueues } from '../../api/src/platform/jobs/job-queues.js';
import { JobReconciler } from '../../api/src/platform/jobs/job-reconciler.service.js';
import { JobRegistry } from '../../api/src/platform/jobs/job-registry.js';
import { JobRunner } from '../../api/src/platform/jobs/job-runner.service.js';
import { JobMetrics } from '../../api/src/platform/jobs/job-metrics.js';
import { Metrics } from '../../api/src/platform/metrics/metrics.js';
import { defineDomainEvent } from '../../api/src/platform/outbox/domain-event.js';
import { OutboxRelay } from '../../api/src/platform/outbox/outbox-relay.service.js';
import { OutboxRepository } from '../../api/src/platform/outbox/outbox.repository.js';
import { waitUntil } from '../support/poll.js';
import { clearQueuePrefix } from '../support/queue-prefix.js';
import { testConfig } from '../support/test-config.js';
import { createMigratedDatabase } from '../support/migrated-database.js';
import { releaseTestDatabase } from '../support/test-database.js';

const Greeted = defineDomainEvent('guest.greeted', z.object({ guestId: z.uuid() }));
const SendWelcome = defineJob({ name: 'guest.send_welcome', queue: 'guests', startedBy: Greeted, attempts: 3 });
const RecordVisit = defineJob({ name: 'guest.record_visit', queue: 'guests', startedBy: Greeted, attempts: 3 });
const TidyGuestbook = defineScheduledJob({ name: 'guestbook.tidy', queue: 'guestbook', everyMs: 1_000 });

/** Counts its runs per job id; never fails. */
class CountingHandler implements JobHandler<typeof SendWelcome> {
  readonly runs: string[] = [];
  constructor(private readonly name: string) {}
  async handle(data: JobData<typeof SendWelcome>): Promise<void> {
    this.runs.push(jobIdFor({ name: this.name }, data.outboxId));
  }
  async findDue(): Promise<Array<{ guestId: string }>> {
    return [];
  }
}

const idle: JobHandler = { handle: async () => undefined, findDue: async () => [] };

/** The relay and the job runner against a real database and real BullMQ queues. */
describe('OutboxRelay', () => {
  let config: AppConfig;
  let dataSource: DataSource;
  let queues: JobQueues;
  let outbox: OutboxRepository;
  const relayFor = (registry: JobRegistry) => new OutboxRelay(dataSource, outbox, registry, queues, config);

  beforeAll(async () => {
    config = testConfig();
    await createMigratedDatabase(config);
    dataSource = await new DataSource(dataSourceOptions(config, APP_ENTITIES)).initialize();
    queues = new JobQueues(config);
    outbox = new OutboxRepository(dataSource);
  });
  afterAll(async () => {
    await queues.onApplicationShutdown();
    await dataSource.destroy();
    await clearQueuePrefix(config);
    await releaseTestDatabase(config.DATABASE_URL);
  });

  const append = async (type: string, payload: Record<string, unknown>) => {
    const id = randomUUID();
    await dataSource.query('INSERT INTO outbox_event (id, type, payload) VALUES ($1, $2, $3)', [id, type, JSON.stringify(payload)]);
    return id;
  };
  const outboxRow = async (id: string) =>
    (
      (await dataSource.query('SELECT published_at, rejected_at, rejection FROM outbox_event WHERE id = $1', [id])) as Array<{
        published_at: Date | null;
        rejected_at: Date | null;
        rejection: string | null;
      }>
    )[0]!;

  it("starts each routed event's job once, with the payload and the outbox id, which the payload cannot replace", async () => {
    const relay = relayFor(JobRegistry.of([{ definition: MediaVariantsJob, handler: idle }]));
    const mediaId = randomUUID();
    const id = await append('media.image_uploaded', { mediaId, outboxId: 'not-this' });

    expect(await relay.drain()).toBe(1);
    expect((await outboxRow(id)).published_at).not.toBeNull();
    const job = await queues.queue('media').getJob(`media.variants@${id}`);
    expect(job?.data).toEqual({ mediaId, outboxId: id });
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 2_000 } });

    // A second pass finds nothing left to send.
    expect(await relay.drain()).toBe(0);
    expect(await queues.queue('media').getJobCountByTypes('waiting', 'delayed', 'active', 'completed', 'failed')).toBe(1);
  });

  it('keeps events no job consumes yet in the outbox, unpublished, without holding up the others', async () => {
    const relay = relayFor(JobRegistry.of([{ definition: MediaVariantsJob, handler: idle }]));
    const cancellations = [];
    for (let n = 0; n < 120; n += 1) cancellations.push(await append('event.cancelled', { eventId: randomUUID() }));
    const upload = await append('media.image_uploaded', { mediaId: randomUUID() });

    expect(await relay.drain()).toBe(1);
    expect((await outboxRow(upload)).published_at).not.toBeNull();
    const [still] = (await dataSource.query(
      `SELECT count(*)::int AS pending FROM outbox_event WHERE type = 'event.cancelled' AND published_at IS NULL`,
    )) as Array<{ pending: number }>;
    expect(still!.pending).toBe(cancellations.length);
  });

  it('refuses a payload that fails its schema, records why, and publishes the rest', async () => {
    const relay = relayFor(JobRegistry.of([{ definition: MediaVariantsJob, handler: idle }]));
    const broken = await append('media.image_uploaded', { mediaId: 'not-a-uuid' });
    const fine = await append('media.image_uploaded', { mediaId: randomUUID() });

    expect(await relay.drain()).toBe(1);
    expect(await outboxRow(broken)).toMatchObject({
      published_at: null,
      rejected_at: expect.any(Date),
      rejection: expect.stringContaining('mediaId'),
    });
    expect(await queues.queue('media').getJob(`media.variants@${broken}`)).toBeUndefined();
    expect((await outboxRow(fine)).published_at).not.toBeNull();
    // A refused row is not read again.
    expect(await relay.drain()).toBe(0);
  });

  it('starts two jobs of one event on one queue exactly once each, although a restarted relay publishes the event again', async () => {
    const welcome = new CountingHandler(SendWelcome.name);
    const visit = new CountingHandler(RecordVisit.name);
    const registry = JobRegistry.of([
      { definition: SendWelcome, handler: welcome },
      { definition: RecordVisit, handler: visit },
    ]);
    const id = await append('guest.greeted', { guestId: randomUUID() });
    expect(await relayFor(registry).drain()).toBe(1);

    // The first relay died after Redis took the jobs but before its commit: the row is pending again.
    await dataSource.query('UPDATE outbox_event SET published_at = NULL WHERE id = $1', [id]);
    expect(await relayFor(registry).drain()).toBe(1);

    const runner = new JobRunner(registry, config, new JobMetrics(new Metrics()));
    expect(runner.start()).toEqual(['guests']);
    try {
      await waitUntil(async () => welcome.runs.length === 1 && visit.runs.length === 1, 'both jobs to run');
      const queue = queues.queue('guests');
      await waitUntil(async () => (await queue.getJobCountByTypes('waiting', 'active', 'delayed')) === 0, 'the queue to be idle');
      expect(welcome.runs).toEqual([`guest.send_welcome@${id}`]);
      expect(visit.runs).toEqual([`guest.record_visit@${id}`]);
      expect((await queue.getCompleted()).map((job: Job) => job.id).sort()).toEqual([
        `guest.record_visit@${id}`,
        `guest.send_welcome@${id}`,
      ]);
    } finally {
      await runner.onApplicationShutdown();
    }
  });

  it('fails a job whose data does not fit its event at once, without retrying it', async () => {
    const welcome = new CountingHandler(SendWelcome.name);
    const registry = JobRegistry.of([
      { definition: SendWelcome, handler: welcome },
      { definition: RecordVisit, handler: new CountingHandler(RecordVisit.name) },
    ]);
    const queue = queues.queue('guests');
    await queue.add(SendWelcome.name, { guestId: 42, outboxId: randomUUID() }, { jobId: 'guest.send_welcome@by-hand', attempts: 3 });

    const runner = new JobRunner(registry, config, new JobMetrics(new Metrics()));
    runner.start();
    try {
      const failed = await waitUntil(
        async () => (await queue.getFailed()).find((job) => job.id === 'guest.send_welcome@by-hand'),
        'the job to fail',
      );
      expect(failed.attemptsMade).toBe(1);
      expect(failed.failedReason).toContain('guestId');
      expect(welcome.runs).toEqual([]);
    } finally {
      await runner.onApplicationShutdown();
    }
  });

  it('runs a scheduled job on its schedule, and the reconciler puts a schedule Redis lost back', async () => {
    let runs = 0;
    const registry = JobRegistry.of([{ definition: TidyGuestbook, handler: { handle: async () => void (runs += 1) } }]);
    const metrics = new JobMetrics(new Metrics());
    const reconciler = new JobReconciler(registry, queues, outbox, config, metrics);
    const runner = new JobRunner(registry, config, metrics);
    const queue = queues.queue('guestbook');
    try {
      await reconciler.reconcile();
      runner.start();
      await waitUntil(async () => runs >= 2, 'two runs a second apart');

      await queue.removeJobScheduler(TidyGuestbook.name);
      await queue.drain(true);
      expect(await queue.getJobSchedulersCount()).toBe(0);
      const before = runs;
      await reconciler.reconcile();
      expect(await queue.getJobSchedulersCount()).toBe(1);
      await waitUntil(async () => runs > before, 'a run after the schedule came back');
    } finally {
      await runner.onApplicationShutdown();
      await queue.removeJobScheduler(TidyGuestbook.name);
    }
  });
});
