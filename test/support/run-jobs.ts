import { JobRegistry, type EventJob } from '../../api/src/platform/jobs/job-registry.js';
import { type TestApi } from './test-api.js';

/**
 * Runs, in this process, the jobs of every outbox event not yet handled, as the workers would (in
 * creation order, until no new event appears), and marks each event published. For API tests
 * that need the work a worker does; workflow tests run the real workers instead. A job that fails
 * is tried again in the next round, as the runner retries it (a cancellation whose capture is still
 * under way waits for that capture's own job); one still failing after the last round throws.
 */
export async function runPendingJobs(api: TestApi, rounds = 10): Promise<number> {
  const registry = api.app.get(JobRegistry);
  let ran = 0;
  let lastFailure: Error | null = null;
  for (let round = 0; round < rounds; round += 1) {
    const { rows } = await api.db.query<{ id: string; type: string; payload: Record<string, unknown> }>(
      `SELECT id, type, payload FROM outbox_event WHERE published_at IS NULL AND rejected_at IS NULL ORDER BY created_at, id`,
    );
    if (rows.length === 0) return ran;
    lastFailure = null;
    for (const row of rows) {
      try {
        for (const definition of registry.route(row.type)?.jobs ?? []) {
          const job = registry.get(definition.name) as EventJob;
          await job.handler.handle({ ...row.payload, outboxId: row.id } as never);
          ran += 1;
        }
      } catch (error) {
        lastFailure = error instanceof Error ? error : new Error(String(error));
        continue;
      }
      await api.db.query('UPDATE outbox_event SET published_at = now() WHERE id = $1', [row.id]);
    }
  }
  if (lastFailure) throw lastFailure;
  return ran;
}
