import { QueryFailedError } from 'typeorm';
import { dependencyFailure, DependencyUnavailableError, poolWaitTimedOut } from './dependency-failure.js';

/** An error as node-postgres' DatabaseError carries it: the SQLSTATE in `code`. */
const postgresError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
const networkError = (code: string, message: string) => Object.assign(new Error(message), { code });
const replyError = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });

describe('dependencyFailure', () => {
  it.each([
    ['statement_timeout', new QueryFailedError('SELECT 1', [], postgresError('57014', 'canceling statement due to statement timeout'))],
    ['the client-side query timeout', new QueryFailedError('SELECT 1', [], new Error('Query read timeout'))],
    ['a connect timeout', new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') })],
    ['a pool with no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'))],
    ['a shutting-down server', postgresError('57P01', 'terminating connection due to administrator command')],
    ['a starting server', postgresError('57P03', 'the database system is starting up')],
    ['too many connections', postgresError('53300', 'sorry, too many clients already')],
    ['a connection exception', postgresError('08006', 'connection failure')],
    ['a database refusing connections', postgresError('55000', 'database "tribe" is not currently accepting connections')],
  ])('says PostgreSQL is away for %s', (_case, error) => {
    expect(dependencyFailure(error)).toEqual({ dependency: 'PostgreSQL', reason: expect.any(String) });
  });

  it.each([
    ['a disconnected client', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['commandTimeout', new Error('Command timed out')],
    ['a connection closed under a command', new Error('Connection is closed.')],
    [
      'retries used up',
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), { name: 'MaxRetriesPerRequestError' }),
    ],
    ['a server loading its data', replyError('LOADING Redis is loading the dataset in memory')],
    ['a server busy with a script', replyError('BUSY Redis is busy running a script.')],
  ])('says Redis is away for %s', (_case, error) => {
    expect(dependencyFailure(error)).toEqual({ dependency: 'Redis', reason: expect.any(String) });
  });

  it('names the dependency a bounded wait was on', () => {
    expect(dependencyFailure(new DependencyUnavailableError('Redis', 'Redis did not accept the job in time'))).toEqual({
      dependency: 'Redis',
      reason: 'Redis did not accept the job in time',
    });
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'])(
    'says a dependency is away for a bare %s, without naming it',
    (code) => {
      expect(dependencyFailure(networkError(code, `connect ${code} 127.0.0.1:5432`))).toEqual({
        dependency: null,
        reason: `connect ${code} 127.0.0.1:5432`,
      });
    },
  );

  it('finds the failure in a cause', () => {
    expect(dependencyFailure(new Error('login failed', { cause: new Error('Command timed out') }))).toEqual({
      dependency: 'Redis',
      reason: 'Command timed out',
    });
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a unique violation', new QueryFailedError('INSERT', [], postgresError('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error', new QueryFailedError('SELEC 1', [], postgresError('42601', 'syntax error at or near "SELEC"'))],
    ['a missing table', postgresError('42P01', 'relation "users" does not exist')],
    ['a wrong password for the database', postgresError('28P01', 'password authentication failed for user "tribe"')],
    ['a Redis reply error of the caller', replyError('WRONGTYPE Operation against a key holding the wrong kind of value')],
    ['a string', 'Command timed out'],
    ['nothing', undefined],
  ])('says nothing is away for %s', (_case, error) => {
    expect(dependencyFailure(error)).toBeUndefined();
  });
});

describe('poolWaitTimedOut', () => {
  it('tells the pool’s wait for a free connection (nothing reached PostgreSQL), also wrapped by TypeORM or as a cause', () => {
    const waited = new Error('timeout exceeded when trying to connect');
    expect(poolWaitTimedOut(waited)).toBe(true);
    expect(poolWaitTimedOut(new QueryFailedError('SELECT 1', [], waited))).toBe(true);
    expect(poolWaitTimedOut(new Error('outer', { cause: waited }))).toBe(true);
  });

  it('is false for failures where the work may have reached PostgreSQL', () => {
    expect(poolWaitTimedOut(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(poolWaitTimedOut(new QueryFailedError('SELECT 1', [], new Error('Query read timeout')))).toBe(false);
    expect(poolWaitTimedOut(postgresError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(poolWaitTimedOut(undefined)).toBe(false);
  });
});
