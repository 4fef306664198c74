import { waitUntil } from '../support/poll.js';
import { startStack, type Stack } from '../support/servers.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/**
 * An operator reads the workers' logs during an outage: each failing part says once that it cannot
 * reach PostgreSQL or Redis, reminds at a slow interval, and says when it recovered, instead of
 * many error lines a second.
 */
/** Reconnection attempts the proxy refuses before the logs are read: the parts kept retrying all along. */
const RETRIES_SEEN = 12;
/** The parts that may each report an outage once: job runner, job queues, relay, reconciler, change signals. */
const MOST_LINES = 6;

interface LogLine {
  level: number;
  msg: string;
}

function linesSince(stack: Stack, offset: number): LogLine[] {
  return stack.processes
    .workers!.output()
    .slice(offset)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

const warningsAndErrors = (lines: LogLine[]) => lines.filter((line) => line.level >= 40);

/** The parts that reported an outage in these lines and have not said since that they recovered. */
function stillFailing(lines: LogLine[]): string[] {
  const parts = new Set<string>();
  for (const { msg } of lines) {
    const outage = /^(.+?) (?:still )?cannot reach /.exec(msg);
    if (outage) parts.add(outage[1]!);
    const recovery = /^(.+?) recovered after /.exec(msg);
    if (recovery) parts.delete(recovery[1]!);
  }
  return [...parts];
}

/** At most one line per part; on failure, the lines themselves, so that an unexpected one names itself. */
function expectOneLinePerPart(lines: LogLine[]): void {
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.length <= MOST_LINES ? [] : lines.map((line) => line.msg)).toEqual([]);
}

const through = (address: string, proxy: TcpProxy) => {
  const url = new URL(address);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
};

describe('the workers during a dependency outage', () => {
  let redisProxy: TcpProxy;
  let databaseProxy: TcpProxy;
  let stack: Stack | undefined;

  beforeAll(async () => {
    redisProxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    databaseProxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    // The workers reach both through the proxies; the API and this test reach them directly.
    stack = await startStack({
      web: false,
      config: { RECONCILE_INTERVAL_MS: '500' },
      workersEnv: (config) => ({
        REDIS_URL: through(config.REDIS_URL, redisProxy),
        DATABASE_URL: through(config.DATABASE_URL, databaseProxy),
      }),
    });
  });
  afterAll(async () => {
    redisProxy?.restore();
    databaseProxy?.restore();
    await stack?.stop();
    await redisProxy?.close();
    await databaseProxy?.close();
  });

  it('log a Redis outage once per part, and its recovery', async () => {
    const offset = stack!.processes.workers!.output().length;
    redisProxy.cut();
    const during = await waitUntil(() => {
      const lines = warningsAndErrors(linesSince(stack!, offset));
      const reported = lines.some((line) => /^job runner cannot reach (Redis|a dependency)/.test(line.msg));
      return Promise.resolve(reported && redisProxy.refusedSinceCut() >= RETRIES_SEEN && lines);
    }, `the job runner to report the outage and Redis to be retried ${RETRIES_SEEN} times`);
    redisProxy.restore();

    expectOneLinePerPart(during);
    expect(during.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^job runner cannot reach (Redis|a dependency)/));
    await waitUntil(
      async () => linesSince(stack!, offset).some((line) => /^job runner recovered after \d+ s/.test(line.msg)),
      'the job runner to log its recovery',
    );
    // Every part says it recovered (and the next outage's lines are that outage's alone).
    await waitUntil(
      async () => stillFailing(linesSince(stack!, offset)).length === 0,
      'every part that reported the outage to log its recovery',
    );
  });

  it('log a PostgreSQL outage of the outbox relay once, and its recovery', async () => {
    const offset = stack!.processes.workers!.output().length;
    databaseProxy.cut();
    const during = await waitUntil(() => {
      const lines = warningsAndErrors(linesSince(stack!, offset));
      const reported = lines.some((line) => line.msg.startsWith('outbox relay'));
      return Promise.resolve(reported && databaseProxy.refusedSinceCut() >= RETRIES_SEEN && lines);
    }, `the relay to report the outage and PostgreSQL to be retried ${RETRIES_SEEN} times`);
    databaseProxy.restore();

    const relay = during.filter((line) => line.msg.startsWith('outbox relay'));
    expect(relay.map((line) => line.msg)).toEqual([expect.stringMatching(/^outbox relay cannot reach PostgreSQL: /)]);
    expectOneLinePerPart(during);
    await waitUntil(
      async () => linesSince(stack!, offset).some((line) => /^outbox relay recovered after \d+ s \(\d+ failures\)/.test(line.msg)),
      'the relay to log its recovery',
    );
  });
});
