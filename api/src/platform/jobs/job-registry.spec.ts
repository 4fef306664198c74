import { z } from 'zod';
import { defineDomainEvent } from '../outbox/domain-event.js';
import { declaredJobs, defineJob, defineScheduledJob, jobIdFor } from './job-definition.js';
import { type JobHandler } from './job-handler.js';
import { JobRegistry } from './job-registry.js';

const Joined = defineDomainEvent('member.joined', z.object({ memberId: z.uuid() }));
const Welcome = defineJob({ name: 'member.welcome', queue: 'members', startedBy: Joined });
const Count = defineJob({ name: 'member.count', queue: 'stats', startedBy: Joined, attempts: 2, backoff: { type: 'fixed', delay: 500 } });
const Tidy = defineScheduledJob({ name: 'member.tidy', queue: 'members', everyMs: 60_000 });
const Charge = defineJob({ name: 'member.charge', queue: 'billing', startedBy: Joined, concurrency: 16 });
const Receipt = defineJob({ name: 'member.receipt', queue: 'billing', startedBy: Joined });
const Resize = defineJob({ name: 'member.resize', queue: 'pictures', startedBy: Joined, concurrency: 1 });
const idle: JobHandler = { handle: async () => undefined, findDue: async () => [] };

describe('defineJob', () => {
  it('joins the catalog with default attempts and backoff unless it sets its own', () => {
    expect(declaredJobs()).toEqual(expect.arrayContaining([Welcome, Count]));
    expect(Welcome).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 2_000 } });
    expect(Count).toMatchObject({ attempts: 2, backoff: { type: 'fixed', delay: 500 } });
  });

  it('refuses a second job of the same name, and names that do not read <subject>.<verb>', () => {
    expect(() => defineJob({ name: 'member.welcome', queue: 'members', startedBy: Joined })).toThrow('declared twice');
    expect(() => defineJob({ name: 'Welcome', queue: 'members', startedBy: Joined })).toThrow('<subject>.<verb>');
    expect(() => defineJob({ name: 'member.greet', queue: 'Members:1', startedBy: Joined })).toThrow('Queue name');
  });

  it('declares scheduled jobs, at most once a second', () => {
    expect(Tidy).toMatchObject({ kind: 'scheduled', everyMs: 60_000, attempts: 5 });
    expect(() => defineScheduledJob({ name: 'member.spin', queue: 'members', everyMs: 10 })).toThrow('at most once a second');
  });

  it('gives each (job, event) its own job id, which BullMQ accepts', () => {
    expect(jobIdFor(Welcome, '0b7c1f5e-2a51-4a57-9d0e-3c1b5f3f2c11')).toBe('member.welcome@0b7c1f5e-2a51-4a57-9d0e-3c1b5f3f2c11');
  });
});

describe('defineDomainEvent', () => {
  it('refuses a type that does not read <subject>.<what_happened>', () => {
    expect(() => defineDomainEvent('MemberJoined', z.object({}))).toThrow('snake_case');
  });
});

describe('JobRegistry', () => {
  it('refuses to build when a declared job has no handler, naming the job', () => {
    expect(() => JobRegistry.of([{ definition: Welcome, handler: idle }], [Welcome, Count])).toThrow('No handler for job(s): member.count');
  });

  it('refuses two handlers for one job', () => {
    expect(() =>
      JobRegistry.of([
        { definition: Welcome, handler: idle },
        { definition: Welcome, handler: idle },
      ]),
    ).toThrow('two handlers');
  });

  it('routes an event to every job it starts, and knows their queues', () => {
    const registry = JobRegistry.of([
      { definition: Welcome, handler: idle },
      { definition: Count, handler: idle },
    ]);
    expect(registry.routedEventTypes()).toEqual(['member.joined']);
    expect(registry.route('member.joined')?.jobs).toEqual([Welcome, Count]);
    expect(registry.route('member.left')).toBeUndefined();
    expect(registry.queueNames()).toEqual(['members', 'stats']);
  });

  it('runs as many jobs of a queue at once as the most any of its jobs asks for, 4 unless one says', () => {
    const registry = JobRegistry.of([
      { definition: Welcome, handler: idle },
      { definition: Charge, handler: idle },
      { definition: Receipt, handler: idle },
      { definition: Resize, handler: idle },
    ]);
    expect(['members', 'billing', 'pictures'].map((queue) => registry.concurrencyOf(queue))).toEqual([4, 16, 1]);
    expect(() => defineJob({ name: 'member.flood', queue: 'members', startedBy: Joined, concurrency: 0 })).toThrow('1 to 64');
  });

  it('keeps scheduled jobs apart from the routes', () => {
    const registry = JobRegistry.of([
      { definition: Welcome, handler: idle },
      { definition: Tidy, handler: { handle: async () => undefined } },
    ]);
    expect(registry.routedEventTypes()).toEqual(['member.joined']);
    expect(registry.eventJobs().map((job) => job.definition)).toEqual([Welcome]);
    expect(registry.scheduledJobs().map((job) => job.definition)).toEqual([Tidy]);
    expect(registry.queueNames()).toEqual(['members']);
  });

  it('paces a queue by the strictest rate limit among its jobs', () => {
    const Pinged = defineDomainEvent('member.pinged', z.object({ memberId: z.uuid() }));
    const Slow = defineJob({ name: 'member.render', queue: 'render', startedBy: Pinged, rateLimit: { max: 4, perMs: 100 } });
    const Slower = defineJob({ name: 'member.print', queue: 'render', startedBy: Pinged, rateLimit: { max: 10, perMs: 1000 } });
    const Free = defineJob({ name: 'member.note', queue: 'notes', startedBy: Pinged });
    const registry = JobRegistry.of([Slow, Slower, Free].map((definition) => ({ definition, handler: idle })));
    expect(registry.queueRateLimit('render')).toEqual({ max: 10, perMs: 1000 });
    expect(registry.queueRateLimit('notes')).toBeUndefined();
    expect(() => defineJob({ name: 'member.flood', queue: 'render', startedBy: Pinged, rateLimit: { max: 0, perMs: 100 } })).toThrow(
      'invalid rate limit',
    );
  });
});
