import { type DataSourceOptions } from 'typeorm';
import { type AppConfig } from '../config/config.schema.js';
import { SnakeNamingStrategy } from './snake-naming.strategy.js';

const CONNECT_TIMEOUT_MS = 5_000;

/** The entity classes a DataSource maps; the composition root collects them from the modules. */
export type EntityList = NonNullable<DataSourceOptions['entities']>;

/**
 * Options shared by the API, the workers and the scripts. Migrations are deliberately not listed
 * here: the runtime never loads them (see scripts/migrate.ts).
 */
export function dataSourceOptions(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>, entities: EntityList): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    entities,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    // An unreachable server (packets dropped, not refused) must fail a request, not hang it.
    extra: { max: config.DATABASE_POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
  };
}
