import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { MediaVariantsJob } from '../../api/src/modules/uploads/jobs/media-variants.job.js';
import { APP_ENTITIES } from '../../api/src/app.entities.js';
import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { dataSourceOptions } from '../../api/src/platform/database/data-source-options.js';
import { type JobHandler } from '../../api/src/platform/jobs/job-handler.js';
import { JobQueues } from '../../api/src/platform/jobs/job-queues.js';
import { JobRegistry } from '../../api/src/platform/jobs/job-registry.js';
import { OUTBOX_CHANNEL, OUTBOX_LISTENER_NAME } from '../../api/src/platform/outbox/outbox-listener.js';
import { OutboxRelay } from '../../api/src/platform/outbox/outbox-relay.service.js';
import { OutboxRepository } from '../../api/src/platform/outbox/outbox.repository.js';
import { createMigratedDatabase } from '../support/migrated-database.js';
import { waitUntil } from '../support/poll.js';
import { clearQueuePrefix } from '../support/queue-prefix.js';
import { testConfig } from '../support/test-config.js';
import { releaseTestDatabase } from '../support/test-database.js';

const idle: JobHandler = { handle: async () => undefined, findDue: async () => [] };

/**
 * The relay woken by PostgreSQL (LISTEN/NOTIFY), against a real database and real BullMQ queues.
 * Its poll is set to a minute, longer than any wait here: whatever is relayed was announced.
 */
describe('OutboxRelay woken by LISTEN/NOTIFY', () => {
  let config: AppConfig;
  let dataSource: DataSource;
  let queues: JobQueues;
  let relay: OutboxRelay;

  beforeAll(async () => {
    config = testConfig({ OUTBOX_POLL_MS: '60000', OUTBOX_LISTEN: 'true' });
    await createMigratedDatabase(config);
    dataSource = await new DataSource(dataSourceOptions(config, APP_ENTITIES)).initialize();
    queues = new JobQueues(config);
    const registry = JobRegistry.of([{ definition: MediaVariantsJob, handler: idle }]);
    relay = new OutboxRelay(dataSource, new OutboxRepository(dataSource), registry, queues, config);
  });
  afterAll(async () => {
    await relay.onApplicationShutdown();
    await queues.onApplicationShutdown();
    await dataSource.destroy();
    await clearQueuePrefix(config);
    await releaseTestDatabase(config.DATABASE_URL);
  });

  const append = async () => {
    const id = randomUUID();
    await dataSource.query('INSERT INTO outbox_event (id, type, payload) VALUES ($1, $2, $3)', [
      id,
      'media.image_uploaded',
      JSON.stringify({ mediaId: randomUUID() }),
    ]);
    return id;
  };
  const relayed = async (id: string) => {
    const [row] = (await dataSource.query('SELECT published_at FROM outbox_event WHERE id = $1', [id])) as Array<{
      published_at: Date | null;
    }>;
    return row?.published_at != null && (await queues.queue('media').getJob(`media.variants@${id}`)) !== undefined;
  };
  const listenerPids = async (): Promise<number[]> =>
    (
      (await dataSource.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
        OUTBOX_LISTENER_NAME,
      ])) as Array<{ pid: number }>
    ).map((row) => row.pid);

  it('notifies once per inserting statement, at commit, and never for a rollback', async () => {
    const listener = new pg.Client({ connectionString: config.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.channel));
    try {
      await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      const insertThree = `INSERT INTO outbox_event (id, type, payload)
        SELECT gen_random_uuid(), 'guest.greeted', jsonb_build_object('n', n) FROM generate_series(1, 3) AS n`;
      await dataSource
        .transaction(async (tx) => {
          await tx.query(insertThree);
          throw new Error('rolled back on purpose');
        })
        .catch(() => undefined);
      await dataSource.query(insertThree);
      await dataSource.query(insertThree);

      // Notifications arrive in commit order: once the second statement's is in, nothing else can be.
      await waitUntil(async () => heard.length >= 2, 'two notifications');
      expect(heard).toEqual([OUTBOX_CHANNEL, OUTBOX_CHANNEL]);
    } finally {
      await listener.end();
    }
  });

  it('relays a new event long before its poll would, and again once its lost listening connection is made again', async () => {
    relay.start();
    await waitUntil(async () => relay.listening, 'the relay to listen');

    const first = await append();
    await waitUntil(() => relayed(first), 'the first event to be relayed');

    const [killed] = await listenerPids();
    expect(killed).toBeDefined();
    const [terminated] = (await dataSource.query('SELECT pg_terminate_backend($1) AS ok', [killed])) as Array<{ ok: boolean }>;
    expect(terminated!.ok).toBe(true);
    await waitUntil(async () => relay.listening && (await listenerPids()).some((pid) => pid !== killed), 'a new listening connection');

    const second = await append();
    await waitUntil(() => relayed(second), 'the second event to be relayed');

    // Stopping the relay closes its listening connection.
    await relay.onApplicationShutdown();
    await waitUntil(async () => (await listenerPids()).length === 0, 'the listening connection to close');
  });
});
