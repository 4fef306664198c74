import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asServerAdmin, databaseNameOf, dropDatabase, withDatabaseName } from '../../api/src/platform/database/postgres-admin.js';
import { testRunId } from './test-config.js';

/**
 * Test databases are copies of one migrated template (`CREATE DATABASE … TEMPLATE`, a fraction of a
 * second) instead of a fresh migration each (a second or more). The template is named after a hash
 * of the migration files it was made from, so an edited or added migration makes a new one, and an
 * unchanged one is reused by every file, worker and run. Only this module touches it; it needs pg
 * alone (no TypeORM), so the browser tier's loader can import it too.
 */

/** Runs the migrations into the database at `databaseUrl` (in process, or through the compiled script). */
export type Migrate = (databaseUrl: string) => Promise<void>;

const TEMPLATE_PREFIX = 'tribe_template_';
/** Serialises template making across Jest workers, Playwright and parallel runs on one server. */
const TEMPLATE_LOCK = 72_010_019;

interface Template {
  name: string;
  /** Older templates of the same kind (made from sources, or from the build) start with it. */
  family: string;
}

/** The template for the migration files in `directory`: named by their kind, names and contents. */
function templateFor(directory: string): Template {
  const files = readdirSync(directory)
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(directory, file)))
      .update('\0');
  const family = `${TEMPLATE_PREFIX}${files.some((file) => file.endsWith('.ts')) ? 'ts' : 'js'}_`;
  return { name: `${family}${hash.digest('hex').slice(0, 16)}`, family };
}

/** Templates of other migration sets kept beside the current one. */
const OTHER_TEMPLATES_KEPT = 2;

/**
 * Makes the template once: under an advisory lock, migrated under a temporary name and renamed
 * when complete, so no one ever copies a half-migrated template. Older templates go, but the newest
 * few (OTHER_TEMPLATES_KEPT).
 */
async function ensureTemplate(databaseUrl: string, { name: template, family }: Template, migrate: Migrate): Promise<void> {
  await asServerAdmin(databaseUrl, async (admin) => {
    const exists = async () => ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount ?? 0) > 0;
    if (await exists()) return;
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await exists()) return;
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      await migrate(withDatabaseName(databaseUrl, building));
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      // The newest few others stay: a run of another checkout (other migrations) may still be copying
      // its template, and one dropped under it would have to be rebuilt while its tests wait.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2 AND NOT datname LIKE '%\\_building'
          ORDER BY oid DESC OFFSET $3`,
        [family, template, OTHER_TEMPLATES_KEPT],
      );
      // A template another run is copying right now refuses to go: that run's own next template will.
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** Creates the (not yet existing) database of `databaseUrl` as a copy of the migrated template. */
export async function createTestDatabase(databaseUrl: string, migrationsDirectory: string, migrate: Migrate): Promise<void> {
  const template = templateFor(migrationsDirectory);
  await ensureTemplate(databaseUrl, template, migrate);
  const name = databaseNameOf(databaseUrl);
  await asServerAdmin(databaseUrl, async (admin) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`);
        return;
      } catch (error) {
        // Copies made at the same moment can briefly see each other's connection to the template;
        // a run from other sources (another checkout) may have just replaced it: make it again.
        const message = error instanceof Error ? error.message : '';
        const busy = /is being accessed by other users/.test(message);
        const gone = /template database .* does not exist/.test(message);
        if ((!busy && !gone) || attempt === 20) throw error;
        if (gone) await ensureTemplate(databaseUrl, template, migrate);
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
}

/** Closing a test's database: dropped now, or left for the run to drop with the rest when it ends. */
export async function releaseTestDatabase(databaseUrl: string): Promise<void> {
  if (!testRunId()) await dropDatabase(databaseUrl);
}
