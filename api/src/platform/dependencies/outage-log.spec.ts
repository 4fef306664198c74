import { DependencyUnavailableError } from './dependency-failure.js';
import { formatDuration, OutageLog, type OutageLogger } from './outage-log.js';

interface Line {
  level: 'error' | 'warn';
  details: Record<string, unknown>;
  message: string;
}

function setup(repeatEveryMs = 60_000) {
  let clock = 1_000_000;
  const lines: Line[] = [];
  const logger: OutageLogger = {
    error: (details: Record<string, unknown>, message: string) => void lines.push({ level: 'error', details, message }),
    warn: (details: Record<string, unknown>, message: string) => void lines.push({ level: 'warn', details, message }),
  };
  const outage = new OutageLog('outbox relay', logger, { repeatEveryMs, now: () => clock });
  const advance = (ms: number) => (clock += ms);
  return { outage, lines, advance };
}

const redisDown = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
const postgresDown = () => new Error('Connection terminated unexpectedly');

describe('OutageLog', () => {
  it('logs the first failure at once, then nothing more within the interval', () => {
    const { outage, lines, advance } = setup();
    outage.failed(postgresDown());
    // The relay polls four times a second: a minute of outage is 240 failures, one line.
    for (let n = 0; n < 239; n += 1) {
      advance(250);
      outage.failed(postgresDown());
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', details: { dependency: 'PostgreSQL', reason: 'Connection terminated unexpectedly' } });
    expect(lines[0]!.message).toMatch(/^outbox relay cannot reach PostgreSQL: Connection terminated unexpectedly; retrying/);
    expect(outage.failing).toBe(true);
  });

  it('reminds once per interval how long the outage has lasted and how many calls failed', () => {
    const { outage, lines, advance } = setup();
    outage.failed(postgresDown());
    for (let n = 0; n < 480; n += 1) {
      advance(250);
      outage.failed(postgresDown());
    }
    expect(lines.map((line) => line.message)).toEqual([
      expect.stringMatching(/^outbox relay cannot reach PostgreSQL/),
      'outbox relay still cannot reach PostgreSQL after 1 min (241 failures): Connection terminated unexpectedly',
      'outbox relay still cannot reach PostgreSQL after 2 min (481 failures): Connection terminated unexpectedly',
    ]);
    expect(lines[1]!.details).toMatchObject({ failingForMs: 60_000, failures: 241 });
  });

  it('logs the recovery once, with how long the outage lasted, and starts afresh afterwards', () => {
    const { outage, lines, advance } = setup();
    outage.failed(redisDown());
    advance(95_000);
    outage.failed(redisDown());
    advance(5_000);
    outage.recovered();
    outage.recovered();
    expect(outage.failing).toBe(false);
    expect(lines.slice(-1)).toEqual([
      { level: 'warn', details: { failedForMs: 100_000, failures: 2 }, message: 'outbox relay recovered after 1 min 40 s (2 failures)' },
    ]);

    advance(1_000);
    outage.failed(new DependencyUnavailableError('Redis', 'Redis did not accept the job in time'));
    expect(lines).toHaveLength(4);
    expect(lines[3]!.message).toMatch(/^outbox relay cannot reach Redis: Redis did not accept the job in time/);
  });

  it('says nothing about a recovery when nothing failed', () => {
    const { outage, lines } = setup();
    outage.recovered();
    expect(lines).toEqual([]);
  });

  it('keeps the stack of a failure that is not a dependency being away (a bug), and names no dependency', () => {
    const { outage, lines } = setup();
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    outage.failed(bug);
    expect(lines[0]).toEqual({
      level: 'error',
      details: { err: bug },
      message: expect.stringMatching(/^outbox relay is failing: Cannot read properties/),
    });
  });

  it('names no dependency for a bare network error, but still treats it as one being away', () => {
    const { outage, lines } = setup();
    outage.failed(redisDown());
    expect(lines[0]!.message).toMatch(/^outbox relay cannot reach a dependency: connect ECONNREFUSED/);
    expect(lines[0]!.details).toEqual({ dependency: null, reason: 'connect ECONNREFUSED 127.0.0.1:6379' });
  });

  it('names the dependency a bare network error comes from where only one can cause it', () => {
    const lines: string[] = [];
    const logger: OutageLogger = { error: (_details: unknown, message: string) => void lines.push(message), warn: () => undefined };
    const outage = new OutageLog('job runner', logger, { networkErrorsFrom: 'Redis' });
    outage.failed(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    outage.recovered();
    // A failure that names its dependency keeps it.
    outage.failed(postgresDown());
    expect(lines).toEqual([
      expect.stringMatching(/^job runner cannot reach Redis: read ECONNRESET/),
      expect.stringMatching(/^job runner cannot reach PostgreSQL/),
    ]);
  });
});

describe('formatDuration', () => {
  it.each([
    [400, '0 s'],
    [45_000, '45 s'],
    [60_000, '1 min'],
    [185_000, '3 min 5 s'],
    [3_600_000, '1 h'],
    [7_800_000, '2 h 10 min'],
  ])('%i ms is "%s"', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
