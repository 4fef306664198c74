import { DataSource, type EntityManager } from 'typeorm';

/**
 * The rows of any statement, `UPDATE … RETURNING` included (TypeORM's plain `query()` answers those
 * with `[rows, affectedCount]` on PostgreSQL). Runs inside the manager's transaction when it has one.
 */
export async function queryRows<T>(source: DataSource | EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
  const manager = source instanceof DataSource ? source.manager : source;
  const ownRunner = manager.queryRunner ? undefined : manager.connection.createQueryRunner();
  const runner = manager.queryRunner ?? ownRunner!;
  try {
    return (await runner.query(sql, parameters, true)).records as T[];
  } finally {
    await ownRunner?.release();
  }
}
