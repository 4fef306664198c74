import { type DomainEventDefinition, type PayloadOf } from '../outbox/domain-event.js';

export interface JobBackoff {
  type: 'exponential' | 'fixed';
  /** Milliseconds before the first retry (doubled on each retry when exponential). */
  delay: number;
}

/**
 * A job a module runs in the workers: its name (`<subject>.<verb>`), the queue it waits on, the
 * domain event that starts it, and how often it is tried. Declared in `modules/<domain>/jobs/`.
 */
export interface JobDefinition<Event extends DomainEventDefinition = DomainEventDefinition> {
  readonly name: string;
  readonly queue: string;
  readonly startedBy: Event;
  readonly attempts: number;
  readonly backoff: JobBackoff;
}

/** What a job receives: the payload of the event that started it, and that event's outbox id. */
export type JobData<Job extends JobDefinition> = PayloadOf<Job['startedBy']> & { outboxId: string };

const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF: JobBackoff = { type: 'exponential', delay: 2_000 };
const JOB_NAME = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;
const QUEUE_NAME = /^[a-z][a-z-]*$/;

const catalog = new Map<string, JobDefinition>();

/**
 * Declares a job. Every declared job joins the catalog the workers check at boot: a job nobody
 * handles stops them from starting.
 */
export function defineJob<Event extends DomainEventDefinition>(job: {
  name: string;
  queue: string;
  startedBy: Event;
  attempts?: number;
  backoff?: JobBackoff;
}): JobDefinition<Event> {
  if (!JOB_NAME.test(job.name)) throw new Error(`Job name "${job.name}" must read <subject>.<verb> in snake_case`);
  if (!QUEUE_NAME.test(job.queue)) throw new Error(`Queue name "${job.queue}" must be lower-case words joined by dashes`);
  if (catalog.has(job.name)) throw new Error(`Job "${job.name}" is declared twice`);
  const definition: JobDefinition<Event> = { attempts: DEFAULT_ATTEMPTS, backoff: DEFAULT_BACKOFF, ...job };
  catalog.set(job.name, definition);
  return definition;
}

/** Every job declared by the modules loaded in this process. */
export const declaredJobs = (): JobDefinition[] => [...catalog.values()];

/**
 * One job per (job, outbox event): a relay that publishes an event twice, or a reconciler that finds
 * its work again, reaches the same job. (BullMQ refuses custom ids with a single `:`.)
 */
export const jobIdFor = (job: Pick<JobDefinition, 'name'>, outboxId: string): string => `${job.name}@${outboxId}`;
