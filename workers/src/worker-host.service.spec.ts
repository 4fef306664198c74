import { type AppConfig } from '../../api/src/platform/config/config.schema.js';
import { type OutboxRelay } from '../../api/src/platform/outbox/outbox-relay.service.js';
import { JobName } from '../../api/src/platform/queue/queue.constants.js';
import { type JobHandler } from './job-handler.js';
import { WorkerHost } from './worker-host.service.js';

const handlerFor = (job: JobName): JobHandler => ({ job, handle: async () => undefined });
const config = {} as AppConfig;
const relay = {} as OutboxRelay;

describe('WorkerHost', () => {
  it('refuses to boot when a job has no handler, naming the job', () => {
    const [first, ...rest] = Object.values(JobName);
    expect(() => new WorkerHost(rest.map(handlerFor), config, relay)).toThrow(`No handler for job(s): ${first}`);
  });

  it('boots when every job has a handler', () => {
    expect(() => new WorkerHost(Object.values(JobName).map(handlerFor), config, relay)).not.toThrow();
  });
});
