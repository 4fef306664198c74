import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_ENTITIES } from '../../api/src/app.entities.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { dataSourceOptions } from '../../api/src/platform/database/data-source-options.js';
import { migrateDatabase } from '../../api/src/platform/database/migrate.js';
import { dropDatabase } from '../../api/src/platform/database/postgres-admin.js';
import { OutboxRelay } from '../../api/src/platform/outbox/outbox-relay.service.js';
import { JobName } from '../../api/src/platform/queue/queue.constants.js';
import { JobQueues } from '../../api/src/platform/queue/queue.module.js';
import { clearQueuePrefix } from '../support/queue-prefix.js';
import { testConfig } from '../support/test-config.js';

/** The relay against a real database and real BullMQ queues. */
describe('OutboxRelay', () => {
  let config: AppConfig;
  let dataSource: DataSource;
  let queues: JobQueues;
  let relay: OutboxRelay;

  beforeAll(async () => {
    config = testConfig();
    await migrateDatabase(config);
    dataSource = await new DataSource(dataSourceOptions(config, APP_ENTITIES)).initialize();
    queues = new JobQueues(config);
    relay = new OutboxRelay(dataSource, queues, config);
  });
  afterAll(async () => {
    await queues.onApplicationShutdown();
    await dataSource.destroy();
    await clearQueuePrefix(config);
    await dropDatabase(config.DATABASE_URL);
  });

  const append = async (type: string, payload: Record<string, unknown>) => {
    const id = randomUUID();
    await dataSource.query('INSERT INTO outbox_event (id, type, payload) VALUES ($1, $2, $3)', [id, type, JSON.stringify(payload)]);
    return id;
  };
  const publishedAt = async (id: string) =>
    ((await dataSource.query('SELECT published_at FROM outbox_event WHERE id = $1', [id])) as Array<{ published_at: Date | null }>)[0]!.published_at;

  it('starts each routed event\'s job once, with the payload and the outbox id, which the payload cannot replace', async () => {
    const mediaId = randomUUID();
    const id = await append('media.image_uploaded', { mediaId, outboxId: 'not-this' });

    expect(await relay.drain()).toBe(1);
    expect(await publishedAt(id)).not.toBeNull();
    const job = await queues.queueFor(JobName.MediaVariants).getJob(id);
    expect(job?.data).toEqual({ mediaId, outboxId: id });

    // A second pass finds nothing left to send.
    expect(await relay.drain()).toBe(0);
    expect(await queues.queueFor(JobName.MediaVariants).getJobCountByTypes('waiting', 'delayed', 'active', 'completed', 'failed')).toBe(1);
  });

  it('keeps events no job consumes yet in the outbox, unpublished, without holding up the others', async () => {
    const cancellations = [];
    for (let n = 0; n < 120; n += 1) cancellations.push(await append('event.cancelled', { eventId: randomUUID() }));
    const upload = await append('media.image_uploaded', { mediaId: randomUUID() });

    expect(await relay.drain()).toBe(1);
    expect(await publishedAt(upload)).not.toBeNull();
    const [still] = (await dataSource.query(
      `SELECT count(*)::int AS pending FROM outbox_event WHERE type = 'event.cancelled' AND published_at IS NULL`,
    )) as Array<{ pending: number }>;
    expect(still!.pending).toBe(cancellations.length);
  });
});
