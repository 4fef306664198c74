import { type DataSourceOptions } from 'typeorm';
import { type AppConfig } from '../config/config.schema.js';
import { postgresDriver } from './discarding-pool.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';

export type DatabaseSettings = Pick<
  AppConfig,
  'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS'
>;

/** The entity classes a DataSource maps; the composition root collects them from the modules. */
export type EntityList = NonNullable<DataSourceOptions['entities']>;

/**
 * Options shared by the API, the workers and the scripts. Migrations are deliberately not listed
 * here: the runtime never loads them (see scripts/migrate.ts).
 *
 * Every wait on PostgreSQL is bounded, so a sick database fails requests (503) instead of holding
 * them: connecting or waiting for a pooled connection, a statement on the server, and a query as the
 * client sees it (when the server does not answer at all, as in a network partition). `migrations`
 * keeps the connect bound only: a migration may rightly take minutes.
 */
export function dataSourceOptions(
  config: DatabaseSettings,
  entities: EntityList,
  purpose: 'runtime' | 'migrations' = 'runtime',
): DataSourceOptions {
  const statementBounds =
    purpose === 'runtime'
      ? { statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS, query_timeout: config.DATABASE_QUERY_TIMEOUT_MS }
      : {};
  return {
    type: 'postgres',
    driver: postgresDriver,
    url: config.DATABASE_URL,
    entities,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    extra: { max: config.DATABASE_POOL_SIZE, connectionTimeoutMillis: config.DATABASE_CONNECT_TIMEOUT_MS, ...statementBounds },
  };
}
