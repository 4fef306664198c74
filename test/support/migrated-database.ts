import { fileURLToPath } from 'node:url';
import { type DatabaseSettings } from '../../api/src/platform/database/data-source-options.js';
import { migrateDatabase } from '../../api/src/platform/database/migrate.js';
import { createTestDatabase } from './test-database.js';

const MIGRATIONS_DIRECTORY = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The test's database, a copy of the template that these sources' migrations make (in this process). */
export function createMigratedDatabase(config: DatabaseSettings): Promise<void> {
  return createTestDatabase(config.DATABASE_URL, MIGRATIONS_DIRECTORY, async (databaseUrl) => {
    await migrateDatabase({ ...config, DATABASE_URL: databaseUrl });
  });
}
