import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations/index.js';
import { type AppConfig } from '../config/config.schema.js';
import { dataSourceOptions } from './data-source-options.js';
import { ensureDatabase } from './postgres-admin.js';

/**
 * Creates the database when missing and applies pending migrations; returns their names. Migrations
 * are SQL written against tables, never against entity metadata, so this DataSource maps no entities.
 */
export async function migrateDatabase(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>): Promise<string[]> {
  await ensureDatabase(config.DATABASE_URL);
  const dataSource = new DataSource({ ...dataSourceOptions(config, []), migrations: MIGRATIONS, migrationsTransactionMode: 'each' });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations();
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
