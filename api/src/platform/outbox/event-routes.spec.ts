import { JOB_QUEUE, JobName, QueueName } from '../queue/queue.constants.js';
import { EVENT_ROUTES } from './event-routes.js';

const routes = Object.entries(EVENT_ROUTES) as Array<[string, readonly JobName[]]>;

describe('EVENT_ROUTES', () => {
  it('routes account deletion to the account.erase job', () => {
    expect(EVENT_ROUTES['user.deletion_requested']).toEqual([JobName.AccountErase]);
  });

  it('gives every routed job a known queue', () => {
    const queues = new Set<string>(Object.values(QueueName));
    for (const [, jobs] of routes) {
      for (const job of jobs) {
        expect(Object.values(JobName)).toContain(job);
        expect(queues.has(JOB_QUEUE[job])).toBe(true);
      }
    }
  });

  // The relay enqueues with jobId = event id, so two jobs of one event on one queue would collide.
  it.each(routes)('never sends two jobs of %s to the same queue', (_type, jobs) => {
    const queues = jobs.map((job) => JOB_QUEUE[job]);
    expect(new Set(queues).size).toBe(queues.length);
  });

  it('names event types as <subject>.<what happened> in snake_case', () => {
    for (const [type] of routes) expect(type).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });
});

describe('JOB_QUEUE', () => {
  it('has a queue for every job and no entry for anything else', () => {
    expect(Object.keys(JOB_QUEUE).sort()).toEqual(Object.values(JobName).sort());
  });
});
