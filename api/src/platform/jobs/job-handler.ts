import { DiscoveryService } from '@nestjs/core';
import { type PayloadOf } from '../outbox/domain-event.js';
import { type AnyJobDefinition, type JobData, type JobDefinition, type ScheduledJobDefinition } from './job-definition.js';

/**
 * Runs one job. Handlers are idempotent: a job may run more than once (a retry, a relay that
 * published twice, a reconciler that found the work again), and must change things once.
 */
export interface JobHandler<Job extends JobDefinition = JobDefinition> {
  handle(data: JobData<Job>): Promise<void>;
  /**
   * The database's view of the work still to do: payloads of the starting events whose records are
   * still due (at most `limit`). The reconciler re-enqueues those whose job Redis lost or gave up on.
   */
  findDue(limit: number): Promise<Array<PayloadOf<Job['startedBy']>>>;
  /** Called once when the last attempt failed: mark the domain row failed and tell someone. */
  onLastFailure?(data: JobData<Job>, error: Error): Promise<void>;
}

/** Runs a scheduled job. Idempotent like any job: a schedule may fire while the last run is retried. */
export interface ScheduledJobHandler {
  handle(): Promise<void>;
}

export type HandlerOf<Job extends AnyJobDefinition> = Job extends ScheduledJobDefinition ? ScheduledJobHandler : JobHandler;

/** Marks a provider as the handler of a job: `@HandlesJob(AccountEraseJob)`. */
export const HandlesJob = DiscoveryService.createDecorator<AnyJobDefinition>();
