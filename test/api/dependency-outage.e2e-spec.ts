import pg from 'pg';
import type { Response } from 'supertest';
import { Messages } from '../../api/src/contracts/messages.js';
import { bearer, signUp, uniqueEmail, type SignedUp } from '../support/factories.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * A sick PostgreSQL or Redis fails requests fast, with a 503 the client can act on: Retry-After and
 * the product's `{ error, code }` body. Waits are bounded by the timeouts below; a dependency that
 * comes back (the proxy restored) after RECOVERY_MS would have let an unbounded request through late.
 */
const TIMEOUT_MS = 400;
const RECOVERY_MS = 6_000;
/** Well under RECOVERY_MS, well over TIMEOUT_MS (a loaded machine, a connect plus a query). */
const FAST_MS = 3_000;

function expectUnavailable(response: Response): void {
  expect(response.status).toBe(503);
  expect(response.body).toEqual({ error: Messages.generic.serviceUnavailable, code: 'service_unavailable' });
  expect(response.headers['retry-after']).toBe('5');
  expect(response.headers['x-request-id']).toEqual(expect.any(String));
}

async function timed(request: PromiseLike<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await request;
  return { response, ms: Date.now() - started };
}

/** Stops forwarding now and restores it after RECOVERY_MS, whatever the request under test does. */
function hangFor(proxy: TcpProxy): { restore: () => void } {
  proxy.hang();
  const timer = setTimeout(() => proxy.restore(), RECOVERY_MS);
  return {
    restore: () => {
      clearTimeout(timer);
      proxy.restore();
    },
  };
}

const through = (address: string, proxy: TcpProxy) => {
  const url = new URL(address);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
};

describe('Redis unreachable', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:6399' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers a login 503 with Retry-After and a readable message', async () => {
    const response = await api.http().post('/api/v1/auth/login').send({ email: uniqueEmail(), password: 'a-good-password' });
    expectUnavailable(response);
  });

  it('answers a sign-up 503, and creates no account', async () => {
    const email = uniqueEmail();
    const response = await api.http().post('/api/v1/auth/register').send({ email, password: 'a-good-password', name: 'Asha' });
    expectUnavailable(response);
    const { rows } = await api.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(rows[0].n).toBe(0);
  });
});

describe('Redis that stops answering', () => {
  let proxy: TcpProxy;
  let api: TestApi;
  let person: SignedUp;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    api = await startTestApi(
      { REDIS_COMMAND_TIMEOUT_MS: String(TIMEOUT_MS) },
      { apiConfig: (config) => ({ REDIS_URL: through(config.REDIS_URL, proxy) }) },
    );
    person = await signUp(api);
  });
  afterAll(async () => {
    proxy.restore();
    await api.close();
    await proxy.close();
  });

  it('fails a login within the command timeout (503), and logs in once Redis answers again', async () => {
    const outage = hangFor(proxy);
    const login = () => api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password });
    try {
      const { response, ms } = await timed(login());
      expectUnavailable(response);
      expect(ms).toBeLessThan(FAST_MS);
    } finally {
      outage.restore();
    }
    const again = await login();
    expect(again.status).toBe(200);
  });
});

describe('PostgreSQL that stops answering (a network partition)', () => {
  let proxy: TcpProxy;
  let api: TestApi;
  let person: SignedUp;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    api = await startTestApi(
      { DATABASE_QUERY_TIMEOUT_MS: String(TIMEOUT_MS), DATABASE_CONNECT_TIMEOUT_MS: String(TIMEOUT_MS) },
      { apiConfig: (config) => ({ DATABASE_URL: through(config.DATABASE_URL, proxy) }) },
    );
    person = await signUp(api);
  });
  afterAll(async () => {
    proxy.restore();
    await api.close();
    await proxy.close();
  });

  it('fails requests within the query and connect timeouts (503), and serves them again afterwards', async () => {
    const me = () => api.http().get(`/api/v1/users/${person.user.id}`).set(bearer(person.token));
    const outage = hangFor(proxy);
    try {
      // More at once than the pool holds: some wait on a stuck connection, others for a new one.
      const results = await Promise.all(Array.from({ length: 6 }, () => timed(me())));
      for (const { response, ms } of results) {
        expectUnavailable(response);
        expect(ms).toBeLessThan(FAST_MS);
      }
    } finally {
      outage.restore();
    }
    const again = await me();
    expect(again.status).toBe(200);
  });

  it('answers 503 at once while PostgreSQL refuses connections', async () => {
    proxy.cut();
    try {
      const { response, ms } = await timed(api.http().get(`/api/v1/users/${person.user.id}`).set(bearer(person.token)));
      expectUnavailable(response);
      expect(ms).toBeLessThan(FAST_MS);
    } finally {
      proxy.restore();
    }
  });
});

describe('a statement stuck on PostgreSQL (statement_timeout)', () => {
  let api: TestApi;
  let person: SignedUp;
  beforeAll(async () => {
    api = await startTestApi({ DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) });
    person = await signUp(api);
  });
  afterAll(async () => {
    await api.close();
  });

  it('fails a profile update held behind a row lock with a 503, and changes nothing', async () => {
    const holder = new pg.Client({ connectionString: api.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [person.user.id]);
      const release = setTimeout(() => void holder.query('ROLLBACK'), RECOVERY_MS);
      const { response, ms } = await timed(api.http().put('/api/v1/users/me').set(bearer(person.token)).send({ name: 'Renamed' }));
      clearTimeout(release);
      expectUnavailable(response);
      expect(ms).toBeLessThan(FAST_MS);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    const { rows } = await api.db.query('SELECT name FROM users WHERE id = $1', [person.user.id]);
    expect(rows[0].name).toBe('Test Person');
  });
});
