import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../api/src/platform/database/data-source-options.js';
import { ensureDatabase } from '../../api/src/platform/database/postgres-admin.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { testConfig } from '../support/test-config.js';
import { releaseTestDatabase } from '../support/test-database.js';

/**
 * A query that times out on the client (DATABASE_QUERY_TIMEOUT_MS: the server said nothing) leaves
 * its connection in a state nobody knows: the query is still on its way, and the ROLLBACK queued
 * behind it times out too. Such a connection must never serve anyone again. One pooled connection,
 * so every query after the outage would run on it if it were kept.
 */
const TIMEOUT_MS = 300;

describe('a query timing out inside a transaction', () => {
  let proxy: TcpProxy;
  let dataSource: DataSource;
  const direct = testConfig();

  beforeAll(async () => {
    await ensureDatabase(direct.DATABASE_URL);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    const url = new URL(direct.DATABASE_URL);
    url.port = String(proxy.port);
    const config = { ...direct, DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: 1, DATABASE_QUERY_TIMEOUT_MS: TIMEOUT_MS };
    dataSource = await new DataSource(dataSourceOptions(config, [])).initialize();
    await dataSource.query('CREATE TABLE item (id int PRIMARY KEY)');
  });

  afterAll(async () => {
    proxy.restore();
    await dataSource.destroy();
    await proxy.close();
    // Dropped with the run's other databases at its end: a drop waits on a checkpoint, which a busy run can hold up past the hook's 30 s.
    await releaseTestDatabase(direct.DATABASE_URL);
  });

  /** Rows another session sees: only committed ones. */
  const committedIds = async (): Promise<number[]> => {
    const client = new pg.Client({ connectionString: direct.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>('SELECT id FROM item ORDER BY id');
      return rows.map((row) => row.id);
    } finally {
      await client.end();
    }
  };

  // The stalled statement fails on the server once it arrives (the transaction is aborted: 25P02
  // for whoever comes next), or succeeds (the transaction stays open: later writes never commit).
  it.each([
    ['fails', 'SELECT 1 / 0'],
    ['succeeds', 'SELECT 1'],
  ])('gives up the connection when the stalled statement later %s, so later queries run on a clean one', async (_, statement) => {
    await dataSource.query('TRUNCATE item');
    await expect(
      dataSource.transaction(async (tx) => {
        await tx.query('INSERT INTO item VALUES (1)');
        proxy.hang();
        await tx.query(statement);
      }),
    ).rejects.toThrow('Query read timeout');
    proxy.restore();

    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => dataSource.query<Array<{ n: number }>>('SELECT $1::int AS n', [n])),
    );
    const failures = answers.flatMap((answer) => (answer.status === 'rejected' ? [String(answer.reason)] : []));
    expect(failures).toEqual([]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value[0].n : null))).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );

    // A plain write commits at once, and the timed-out transaction's row is gone.
    await dataSource.query('INSERT INTO item VALUES (2)');
    expect(await committedIds()).toEqual([2]);
  });
});
