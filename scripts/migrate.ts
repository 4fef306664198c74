import { parseConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';

const applied = await migrateDatabase(parseConfig());
console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
