import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type DomainEventDefinition } from '../outbox/domain-event.js';
import {
  DEFAULT_CONCURRENCY,
  declaredJobs,
  type AnyJobDefinition,
  type JobDefinition,
  type JobRateLimit,
  type ScheduledJobDefinition,
} from './job-definition.js';
import { HandlesJob, type JobHandler, type ScheduledJobHandler } from './job-handler.js';

export interface EventJob {
  definition: JobDefinition;
  handler: JobHandler;
}

export interface ScheduledJob {
  definition: ScheduledJobDefinition;
  handler: ScheduledJobHandler;
}

export type RegisteredJob = EventJob | ScheduledJob;

export const isEventJob = (job: RegisteredJob): job is EventJob => job.definition.kind === 'event';
export const isScheduledJob = (job: RegisteredJob): job is ScheduledJob => job.definition.kind === 'scheduled';

/**
 * Every job with its handler, and which jobs each domain event starts. Built at boot from the jobs the
 * modules declare and the providers marked `@HandlesJob`; it replaces a hand-kept routing table.
 */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private readonly jobs = new Map<string, RegisteredJob>();
  private readonly routes = new Map<string, { event: DomainEventDefinition; jobs: JobDefinition[] }>();

  constructor(private readonly discovery?: DiscoveryService) {}

  /** A registry without Nest (tests, scripts). */
  static of(entries: RegisteredJob[], declared: AnyJobDefinition[] = entries.map((entry) => entry.definition)): JobRegistry {
    const registry = new JobRegistry();
    registry.register(declared, entries);
    return registry;
  }

  onModuleInit(): void {
    const discovery = this.discovery!;
    const entries = discovery.getProviders({ metadataKey: HandlesJob.KEY }).flatMap((wrapper) => {
      const definition = discovery.getMetadataByDecorator(HandlesJob, wrapper);
      return definition && wrapper.instance ? [{ definition, handler: wrapper.instance as unknown } as RegisteredJob] : [];
    });
    this.register(declaredJobs(), entries);
  }

  private register(declared: AnyJobDefinition[], entries: RegisteredJob[]): void {
    for (const entry of entries) {
      if (this.jobs.has(entry.definition.name)) throw new Error(`Job ${entry.definition.name} has two handlers`);
      this.jobs.set(entry.definition.name, entry);
    }
    const missing = declared.filter((job) => !this.jobs.has(job.name)).map((job) => job.name);
    if (missing.length > 0) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
    for (const { definition } of this.eventJobs()) {
      const { type } = definition.startedBy;
      const route = this.routes.get(type) ?? { event: definition.startedBy, jobs: [] };
      if (route.event !== definition.startedBy) throw new Error(`Domain event ${type} is declared twice`);
      route.jobs.push(definition);
      this.routes.set(type, route);
    }
  }

  get(name: string): RegisteredJob | undefined {
    return this.jobs.get(name);
  }

  eventJobs(): EventJob[] {
    return [...this.jobs.values()].filter(isEventJob);
  }

  scheduledJobs(): ScheduledJob[] {
    return [...this.jobs.values()].filter(isScheduledJob);
  }

  /** The domain events some job consumes; others stay pending in the outbox until one does. */
  routedEventTypes(): string[] {
    return [...this.routes.keys()];
  }

  route(type: string): { event: DomainEventDefinition; jobs: JobDefinition[] } | undefined {
    return this.routes.get(type);
  }

  /** The pace of a queue: the strictest rate limit among its jobs, if any declares one. */
  queueRateLimit(queue: string): JobRateLimit | undefined {
    const limits = [...this.jobs.values()].flatMap(({ definition }) =>
      definition.queue === queue && definition.rateLimit ? [definition.rateLimit] : [],
    );
    return limits.sort((a, b) => a.max / a.perMs - b.max / b.perMs)[0];
  }

  queueNames(): string[] {
    return [...new Set([...this.jobs.values()].map((job) => job.definition.queue))].sort();
  }

  /** Jobs of the queue one process runs at once: the most any of its jobs asks for. */
  concurrencyOf(queue: string): number {
    const asked = [...this.jobs.values()]
      .filter((job) => job.definition.queue === queue)
      .map((job) => job.definition.concurrency ?? DEFAULT_CONCURRENCY);
    return asked.length > 0 ? Math.max(...asked) : DEFAULT_CONCURRENCY;
  }
}
