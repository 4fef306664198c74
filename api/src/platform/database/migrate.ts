import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations/index.js';
import { dataSourceOptions, type DatabaseSettings } from './data-source-options.js';
import { ensureDatabase } from './postgres-admin.js';

/**
 * Creates the database when missing and applies pending migrations; returns their names. Migrations
 * are SQL written against tables, never against entity metadata, so this DataSource maps no entities.
 */
export async function migrateDatabase(config: DatabaseSettings): Promise<string[]> {
  await ensureDatabase(config.DATABASE_URL);
  const dataSource = new DataSource({
    ...dataSourceOptions(config, [], 'migrations'),
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
  });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations();
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
