import pg from 'pg';

/** The database named in the URL, refused unless it is a plain identifier (it is written into DDL). */
export function databaseNameOf(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Refusing to use a database named "${name}"`);
  return name;
}

/** The same server and credentials, another database. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's `postgres` database (where databases are made and dropped). */
export async function asServerAdmin<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist yet (used by start, tests and bench). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  await asServerAdmin(databaseUrl, async (admin) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  await asServerAdmin(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
