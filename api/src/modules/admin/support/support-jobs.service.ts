import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  dashboardPathOf,
  JOB_STATES,
  type JobState,
  type SupportJobDetailView,
  type SupportJobView,
  type SupportRecordView,
  type SupportSearchView,
} from '../../../contracts/support.contract.js';
import { DependencyUnavailableError } from '../../../platform/dependencies/dependency-failure.js';
import { type AuthUser } from '../../../platform/http/auth-context.js';
import { ConflictError, NotFoundError } from '../../../platform/http/domain-error.js';
import { declaredQueueNames } from '../../../platform/jobs/job-definition.js';
import { JobQueues } from '../../../platform/jobs/job-queues.js';
import { withTimeout } from '../../../platform/with-timeout.js';
import { explainFailure } from './job-failures.js';
import { SupportAuditRepository } from './support-audit.repository.js';
import { SUPPORT_RECORD_SOURCES, type SupportRecordSource } from './support-records.port.js';

/** The newest jobs of each state in each queue a search looks at: enough for recent history, bounded in Redis work. */
export const SCAN_PER_STATE = 200;
/** Jobs a search returns at most. */
export const MAX_RESULTS = 50;
const REDIS_TIMEOUT_MS = 5_000;

const JOB_NOT_FOUND = 'Job not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ONLY_FAILED = 'Only a failed job can be retried or discarded';

/** What support staff need from the queues and Bull Board lacks: search by id, plain-words failures, audited retry and discard. */
@Injectable()
export class SupportJobsService {
  private readonly logger = new Logger(SupportJobsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: JobQueues,
    private readonly audit: SupportAuditRepository,
    @Inject(SUPPORT_RECORD_SOURCES) private readonly sources: SupportRecordSource[],
  ) {}

  /** Jobs whose id or data holds `id` (an application, a payment, an event, a person), newest first. */
  async search(id: string): Promise<SupportSearchView> {
    const queues = declaredQueueNames();
    const lists = await this.redis(
      Promise.all(
        queues.flatMap((queue) =>
          JOB_STATES.map(async (state) => ({ state, jobs: await this.queues.queue(queue).getJobs([state], 0, SCAN_PER_STATE - 1) })),
        ),
      ),
    );
    const matches = lists
      .flatMap(({ state, jobs }) => jobs.filter((job) => job && mentions(job, id)).map((job) => ({ job, state })))
      .sort((a, b) => b.job.timestamp - a.job.timestamp);
    const complete = matches.length <= MAX_RESULTS && lists.every(({ jobs }) => jobs.length < SCAN_PER_STATE);
    return {
      id,
      jobs: matches.slice(0, MAX_RESULTS).map(({ job, state }) => this.view(job, state)),
      scanned: { queues, states: JOB_STATES, perState: SCAN_PER_STATE },
      complete,
    };
  }

  /** One job, its failure in plain words, the records it is about and what support did to it so far. */
  async detail(queue: string, jobId: string): Promise<SupportJobDetailView> {
    const { job, state } = await this.find(queue, jobId);
    const [related, history] = await Promise.all([this.relatedTo(job), this.audit.historyOf(queue, jobId)]);
    return { ...this.view(job, state), related, history };
  }

  /** Back to waiting, with its attempts counted afresh; recorded with who asked and why. */
  async retry(admin: AuthUser, queue: string, jobId: string, reason: string): Promise<SupportJobView> {
    const { job } = await this.failedJob(queue, jobId);
    await this.audited(admin, 'retry', job, reason, () => job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }));
    const { state } = await this.find(queue, jobId);
    return this.view(job, state);
  }

  /** Removed from its queue for good; recorded with who asked and why. */
  async discard(admin: AuthUser, queue: string, jobId: string, reason: string): Promise<void> {
    const { job } = await this.failedJob(queue, jobId);
    await this.audited(admin, 'discard', job, reason, () => job.remove());
  }

  /** The audit row and the change stand or fall together: the row is committed only once Redis took the change. */
  private async audited(admin: AuthUser, action: 'retry' | 'discard', job: Job, reason: string, change: () => Promise<void>) {
    await this.dataSource.transaction(async (tx) => {
      await this.audit.insert(tx, { adminId: admin.id, action, queue: job.queueName, jobId: job.id!, jobName: job.name, reason });
      try {
        await this.redis(change());
      } catch (error) {
        // Another person acted first (BullMQ refuses a job no longer failed), or Redis is away.
        if (error instanceof DependencyUnavailableError) throw error;
        this.logger.warn({ err: error, queue: job.queueName, jobId: job.id }, `support ${action} refused`);
        throw new ConflictError(ONLY_FAILED);
      }
    });
    this.logger.log({ action, queue: job.queueName, jobId: job.id, job: job.name, by: admin.id }, `support ${action}`);
  }

  private async failedJob(queue: string, jobId: string) {
    const found = await this.find(queue, jobId);
    if (found.state !== 'failed') throw new ConflictError(ONLY_FAILED);
    return found;
  }

  private async find(queue: string, jobId: string): Promise<{ job: Job; state: JobState | 'unknown' }> {
    if (!declaredQueueNames().includes(queue)) throw new NotFoundError(JOB_NOT_FOUND);
    const job = await this.redis(this.queues.queue(queue).getJob(jobId));
    if (!job) throw new NotFoundError(JOB_NOT_FOUND);
    const state = await this.redis(job.getState());
    return { job, state: (JOB_STATES as readonly string[]).includes(state) ? (state as JobState) : 'unknown' };
  }

  private async relatedTo(job: Job): Promise<SupportRecordView[]> {
    const data = (job.data ?? {}) as Record<string, unknown>;
    const wanted = this.sources.flatMap((source) => {
      const id = data[source.field];
      // A job added by hand may hold anything there: only an id can name a record.
      return typeof id === 'string' && UUID.test(id) ? [{ source, id }] : [];
    });
    return Promise.all(wanted.map(async ({ source, id }) => ({ kind: source.kind, id, summary: (await source.describe(id)) ?? null })));
  }

  private view(job: Job, state: JobState | 'unknown'): SupportJobView {
    const failedReason = job.failedReason || null;
    return {
      queue: job.queueName,
      id: job.id!,
      name: job.name,
      state,
      attemptsMade: job.attemptsMade,
      attempts: job.opts.attempts ?? 1,
      createdAt: new Date(job.timestamp).toISOString(),
      finishedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      failedReason,
      explanation: failedReason ? explainFailure(failedReason, job.stacktrace?.at(-1)) : null,
      data: (job.data ?? {}) as Record<string, unknown>,
      dashboardPath: dashboardPathOf(job.queueName, job.id!),
    };
  }

  private redis<T>(work: Promise<T>): Promise<T> {
    return withTimeout(
      work,
      REDIS_TIMEOUT_MS,
      () => new DependencyUnavailableError('Redis', 'Redis did not answer the support view in time'),
    );
  }
}

/** Whether the job is about `id`: its own id, or any value of its data (jobs carry ids, never whole records). */
function mentions(job: Job, id: string): boolean {
  return job.id?.includes(id) === true || Object.values((job.data ?? {}) as Record<string, unknown>).includes(id);
}
