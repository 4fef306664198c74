import { Writable } from 'node:stream';
import { QueryFailedError } from 'typeorm';
import { withLogContext } from './log-context.js';
import { createLogger } from './logger.js';

/** A logger whose lines are kept in memory. */
function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', 'test', destination), text: () => lines.join('') };
}

describe('createLogger', () => {
  const hash = 'scrypt$16384$8$1$lBGTLfqKyRnHUooplcT9fg==$TMY8AC9ykYRtSBIgaWAK5zrHAJp10y00n0P3IvkXLAM=';

  it('keeps the values of a failed statement out of the logs, but says what failed', () => {
    const driverError = Object.assign(new Error('new row for relation "users" violates check constraint "users_age_check"'), {
      code: '23514',
      constraint: 'users_age_check',
      detail: `Failing row contains (x, fan, Asha, asha@example.in, ${hash}, +919876543210).`,
    });
    const error = new QueryFailedError(
      'INSERT INTO "users"("name", "email", "password_hash") VALUES ($1, $2, $3)',
      ['Asha', 'asha@example.in', hash],
      driverError,
    );
    const { logger, text } = capture();
    logger.error({ err: error }, 'request failed');

    const line = JSON.parse(text()) as { err: Record<string, any> };
    expect(text()).not.toContain(hash);
    expect(text()).not.toContain('asha@example.in');
    expect(text()).not.toContain('9876543210');
    expect(line.err).toMatchObject({
      type: 'QueryFailedError',
      message: expect.stringContaining('users_age_check'),
      query: expect.stringContaining('INSERT INTO "users"'),
      parameters: '[redacted]',
      driverError: { code: '23514', constraint: 'users_age_check', detail: '[redacted]' },
    });
  });

  it('still logs ordinary errors with their message and stack, and redacts passwords in objects', () => {
    const { logger, text } = capture();
    logger.error({ err: new Error('boom'), body: { password: 'hunter2hunter2' } }, 'failed');
    const line = JSON.parse(text()) as { err: { message: string; stack: string } };
    expect(line.err.message).toBe('boom');
    expect(line.err.stack).toContain('logger.spec');
    expect(text()).not.toContain('hunter2hunter2');
  });
  it('logs a calendar feed request without its secret token, other URLs as they are', () => {
    const { logger, text } = capture();
    const token = 'q6yBv0Zp3c9RkXo1m2n3b4v5c6x7z8a9s0d1f2g3h4j';
    logger.info({ req: { method: 'GET', url: `/api/v1/calendar/${token}.ics?x=1`, headers: {} } }, 'incoming request');
    logger.info({ req: { method: 'GET', url: '/api/v1/events/42', headers: {} } }, 'incoming request');
    expect(text()).not.toContain(token);
    expect(text()).toContain('/api/v1/calendar/[redacted].ics?x=1');
    expect(text()).toContain('/api/v1/events/42');
  });
});

describe('log context', () => {
  it('puts the request or job ids on every line written while it runs, and nowhere else', async () => {
    const { logger, text } = capture();
    await withLogContext({ jobId: 'payment.capture@o-1', jobName: 'payment.capture', outboxId: 'o-1', reqId: 'r-1' }, async () => {
      await Promise.resolve();
      logger.info('inside');
    });
    logger.info('outside');

    const [inside, outside] = text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({
      msg: 'inside',
      jobId: 'payment.capture@o-1',
      jobName: 'payment.capture',
      outboxId: 'o-1',
      reqId: 'r-1',
    });
    expect(outside).not.toHaveProperty('reqId');
    expect(outside).not.toHaveProperty('jobId');
  });
});
