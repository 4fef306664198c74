import { type Job } from 'bullmq';
import { type JobName } from '../../api/src/platform/queue/queue.constants.js';

/** The domain event's payload, and the id of the outbox row it came from. */
export type JobData = { outboxId: string } & Record<string, unknown>;

/** One handler per job name. Handlers must be idempotent: a job may run more than once. */
export interface JobHandler {
  readonly job: JobName;
  handle(data: JobData, job: Job<JobData>): Promise<void>;
  /** Called once when the last attempt failed: mark the domain row failed and tell someone. */
  onLastFailure?(data: JobData, error: Error): Promise<void>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
