import { type DomainEventDefinition, type PayloadOf } from '../outbox/domain-event.js';

export interface JobBackoff {
  type: 'exponential' | 'fixed';
  /** Milliseconds before the first retry (doubled on each retry when exponential). */
  delay: number;
}

/**
 * At most `max` jobs of the queue start per `perMs`, over all workers (BullMQ's queue limiter): for
 * heavy background work that must not take the CPU, the database or a provider from everything else.
 */
export interface JobRateLimit {
  max: number;
  perMs: number;
}

interface JobBasics {
  /** `<subject>.<verb>` in snake_case. */
  readonly name: string;
  /** The BullMQ queue it waits on. */
  readonly queue: string;
  readonly attempts: number;
  readonly backoff: JobBackoff;
  /**
   * How many jobs of its queue one workers process runs at once. A queue runs as many as the most
   * any of its jobs asks for (DEFAULT_CONCURRENCY for a job that does not say). Jobs that mostly
   * wait (on the payment provider, on PostgreSQL) want more; jobs that keep a core busy want few.
   */
  readonly concurrency?: number;
  /** Paces the job's queue (the strictest limit of its jobs applies to the whole queue). */
  readonly rateLimit?: JobRateLimit;
}

/**
 * A job a module runs in the workers, started by one of its domain events. Declared in
 * `modules/<domain>/jobs/`.
 */
export interface JobDefinition<Event extends DomainEventDefinition = DomainEventDefinition> extends JobBasics {
  readonly kind: 'event';
  readonly startedBy: Event;
}

/** A job the workers run on a schedule (sweeps, expiries): no event starts it, and it takes no data. */
export interface ScheduledJobDefinition extends JobBasics {
  readonly kind: 'scheduled';
  readonly everyMs: number;
  /** A setting that, when present, gives the period instead of `everyMs` (tests shorten it). */
  readonly everyMsSetting?: PeriodSetting;
}

/** The settings that may give a scheduled job's period, in milliseconds. */
export type PeriodSetting = 'WAITLIST_OFFERS_EVERY_MS';

export type AnyJobDefinition = JobDefinition | ScheduledJobDefinition;

/** What a job receives: the payload of the event that started it, and that event's outbox id. */
export type JobData<Job extends JobDefinition> = PayloadOf<Job['startedBy']> & { outboxId: string };

/** Jobs of a queue one workers process runs at once, unless one of its jobs asks for more. */
export const DEFAULT_CONCURRENCY = 4;
const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF: JobBackoff = { type: 'exponential', delay: 2_000 };
const JOB_NAME = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;
const QUEUE_NAME = /^[a-z][a-z-]*$/;

const catalog = new Map<string, AnyJobDefinition>();

type Declared<Job extends AnyJobDefinition> = Omit<Job, 'kind' | 'attempts' | 'backoff'> & { attempts?: number; backoff?: JobBackoff };

/** Every declared job joins the catalog the workers check at boot: a job nobody handles stops them. */
function declare<Job extends AnyJobDefinition>(job: Job): Job {
  if (!JOB_NAME.test(job.name)) throw new Error(`Job name "${job.name}" must read <subject>.<verb> in snake_case`);
  if (!QUEUE_NAME.test(job.queue)) throw new Error(`Queue name "${job.queue}" must be lower-case words joined by dashes`);
  if (job.concurrency !== undefined && !(Number.isInteger(job.concurrency) && job.concurrency >= 1 && job.concurrency <= 64)) {
    throw new Error(`Job "${job.name}" must run 1 to 64 at once`);
  }
  if (catalog.has(job.name)) throw new Error(`Job "${job.name}" is declared twice`);
  if (job.rateLimit && !(Number.isInteger(job.rateLimit.max) && job.rateLimit.max >= 1 && job.rateLimit.perMs >= 10)) {
    throw new Error(`Job "${job.name}" has an invalid rate limit: at least 1 job per at least 10 ms`);
  }
  catalog.set(job.name, job);
  return job;
}

export function defineJob<Event extends DomainEventDefinition>(job: Declared<JobDefinition<Event>>): JobDefinition<Event> {
  return declare<JobDefinition<Event>>({ attempts: DEFAULT_ATTEMPTS, backoff: DEFAULT_BACKOFF, ...job, kind: 'event' });
}

export function defineScheduledJob(job: Declared<ScheduledJobDefinition>): ScheduledJobDefinition {
  if (!(job.everyMs >= 1_000)) throw new Error(`Scheduled job "${job.name}" must run at most once a second`);
  return declare<ScheduledJobDefinition>({ attempts: DEFAULT_ATTEMPTS, backoff: DEFAULT_BACKOFF, ...job, kind: 'scheduled' });
}

/** Every job declared by the modules loaded in this process. */
export const declaredJobs = (): AnyJobDefinition[] => [...catalog.values()];

/**
 * The queues of every declared job, sorted: the queues the workers run, known in any process that
 * loads the modules (the API's handlers of jobs are not registered: it runs none).
 */
export const declaredQueueNames = (): string[] => [...new Set(declaredJobs().map((job) => job.queue))].sort();

/**
 * One job per (job, outbox event): a relay that publishes an event twice, or a reconciler that finds
 * its work again, reaches the same job. (BullMQ refuses custom ids with a single `:`.)
 */
export const jobIdFor = (job: Pick<JobDefinition, 'name'>, outboxId: string): string => `${job.name}@${outboxId}`;
