import { DataSource, QueryFailedError } from 'typeorm';
import { dataSourceOptions } from '../../api/src/platform/database/data-source-options.js';
import { ensureDatabase } from '../../api/src/platform/database/postgres-admin.js';
import { PreparedStatementSet, preparedStatement, queryPrepared } from '../../api/src/platform/database/prepared-statement.js';
import { queryRows } from '../../api/src/platform/database/returning.js';
import { testConfig } from '../support/test-config.js';
import { releaseTestDatabase } from '../support/test-database.js';

describe('database helpers', () => {
  const config = testConfig({ DATABASE_POOL_SIZE: '1' });
  let dataSource: DataSource;

  beforeAll(async () => {
    await ensureDatabase(config.DATABASE_URL);
    // One connection, so every query below runs on the session that prepared the statements.
    dataSource = await new DataSource(dataSourceOptions(config, [])).initialize();
    await dataSource.query('CREATE TABLE item (id int PRIMARY KEY, label text NOT NULL)');
  });

  beforeEach(async () => {
    await dataSource.query('TRUNCATE item');
    await dataSource.query(`INSERT INTO item VALUES (1, 'one'), (2, 'two'), (3, 'three')`);
  });

  afterAll(async () => {
    await dataSource.destroy();
    // Dropped with the run's other databases at its end: a drop waits on a checkpoint, which a busy run can hold up past the hook's 30 s.
    await releaseTestDatabase(config.DATABASE_URL);
  });

  const labels = async () =>
    (await dataSource.query<Array<{ label: string }>>('SELECT label FROM item ORDER BY id')).map((row) => row.label);

  describe('queryRows', () => {
    it('answers the rows of an UPDATE … RETURNING, not [rows, count]', async () => {
      const rows = await queryRows<{ id: number }>(dataSource, `UPDATE item SET label = 'changed' WHERE id >= $1 RETURNING id`, [2]);
      expect(rows.sort((a, b) => a.id - b.id)).toEqual([{ id: 2 }, { id: 3 }]);
      expect(await queryRows(dataSource, `UPDATE item SET label = 'none' WHERE id > 10 RETURNING id`, [])).toEqual([]);
    });

    it('answers the rows of a DELETE … RETURNING, an INSERT … RETURNING and a SELECT alike', async () => {
      expect(await queryRows(dataSource, 'DELETE FROM item WHERE id = $1 RETURNING label', [1])).toEqual([{ label: 'one' }]);
      expect(await queryRows(dataSource, `INSERT INTO item VALUES (4, 'four') RETURNING id`, [])).toEqual([{ id: 4 }]);
      expect(await queryRows(dataSource, 'SELECT id FROM item WHERE id = $1', [4])).toEqual([{ id: 4 }]);
    });

    it('runs inside the transaction whose manager it is given', async () => {
      await expect(
        dataSource.transaction(async (tx) => {
          const rows = await queryRows<{ label: string }>(tx, `UPDATE item SET label = 'inside' WHERE id = 1 RETURNING label`, []);
          expect(rows).toEqual([{ label: 'inside' }]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await labels()).toEqual(['one', 'two', 'three']);
    });
  });

  describe('prepared statements', () => {
    const byId = preparedStatement('test.item-by-id', 'SELECT id, label FROM item WHERE id = $1');
    const prepared = async () =>
      dataSource.query<Array<{ name: string; runs: number }>>(
        `SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE name LIKE 'test.%' ORDER BY name`,
      );

    it('prepares a statement once per connection and runs it by name afterwards', async () => {
      expect(await queryPrepared(dataSource, byId, [2])).toEqual([{ id: 2, label: 'two' }]);
      expect(await queryPrepared(dataSource, byId, [3])).toEqual([{ id: 3, label: 'three' }]);
      expect(await prepared()).toEqual([{ name: 'test.item-by-id', runs: 2 }]);
    });

    it('refuses a second text under a name already declared', () => {
      expect(preparedStatement('test.item-by-id', 'SELECT id, label FROM item WHERE id = $1')).toEqual(byId);
      expect(() => preparedStatement('test.item-by-id', 'SELECT label FROM item WHERE id = $1')).toThrow(/already declared/);
    });

    it('reports a failing statement as a QueryFailedError', async () => {
      const broken = preparedStatement('test.broken', 'SELECT id FROM no_such_table WHERE id = $1');
      await expect(queryPrepared(dataSource, broken, [1])).rejects.toBeInstanceOf(QueryFailedError);
      // The failed preparation is forgotten, so the statement works once its table exists.
      await dataSource.query('CREATE TABLE no_such_table (id int)');
      await expect(queryPrepared(dataSource, broken, [1])).resolves.toEqual([]);
    });

    it('names run-time statements by their text, up to a number of texts, then runs the rest unnamed', async () => {
      const set = new PreparedStatementSet('test.set', 2);
      const texts = [
        'SELECT id FROM item WHERE id = $1',
        'SELECT label FROM item WHERE id = $1',
        'SELECT id, label FROM item WHERE id = $1',
      ];
      for (const text of [...texts, ...texts]) expect(await set.query(dataSource, text, [1])).toHaveLength(1);
      const named = (await prepared()).filter((row) => row.name.startsWith('test.set.'));
      expect(named.map((row) => row.runs)).toEqual([2, 2]);
    });
  });
});
