import { DataSource, type EntityManager } from 'typeorm';

/**
 * The rows a statement returns, whatever its command. TypeORM's `query()` answers an UPDATE or
 * DELETE … RETURNING on PostgreSQL with `[rows, affected]` instead of the rows (a SELECT or INSERT
 * with plain rows), so this asks the query runner for its structured result, which is the same
 * for every command. Inside a transaction pass its manager, so the statement runs in it.
 */
export async function queryRows<T>(runner: DataSource | EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const manager = runner instanceof DataSource ? runner.manager : runner;
  if (manager.queryRunner) return (await manager.queryRunner.query(sql, params, true)).records as T[];
  const queryRunner = manager.dataSource.createQueryRunner();
  try {
    return (await queryRunner.query(sql, params, true)).records as T[];
  } finally {
    await queryRunner.release();
  }
}
