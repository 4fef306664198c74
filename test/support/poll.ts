import type { Pool } from 'pg';

/** Polls until `probe` returns a value that is not undefined/false, or fails after the deadline. */
export async function waitUntil<T>(probe: () => Promise<T | undefined | false>, what: string, deadlineMs = 15_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  let delay = 25;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 250);
  }
}

/** Whether a statement on the test database (one mentioning `about`, if given) is waiting for a lock another session holds. */
export async function waitingOnALock(db: Pick<Pool, 'query'>, about = ''): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%' || $1 || '%'`,
    [about],
  );
  return rows.length > 0;
}
