import pg from 'pg';
import { startTestApi, type TestApi } from '../support/test-api.js';

const adminPool = () => new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', max: 1 });

describe('GET /api/v1/health when a dependency is down', () => {
  it('answers 503 naming Redis when Redis cannot be reached', async () => {
    const api = await startTestApi({ REDIS_URL: 'redis://127.0.0.1:6399' });
    try {
      const response = await api.http().get('/api/v1/health').expect(503);
      expect(response.body).toEqual({ status: 'unavailable', database: 'up', redis: 'down' });
      // Not ready for traffic, but alive: an outage must not get every pod restarted.
      const ready = await api.http().get('/api/v1/health/ready').expect(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', redis: 'down' });
      await api.http().get('/api/v1/health/live').expect(200);
    } finally {
      await api.close();
    }
  });

  describe('with the database refusing connections', () => {
    let api: TestApi;
    let admin: pg.Pool;
    let name: string;

    beforeAll(async () => {
      api = await startTestApi();
      admin = adminPool();
      name = new URL(api.config.DATABASE_URL).pathname.slice(1);
    });
    afterAll(async () => {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
      await api.close();
    });

    it('answers 503 naming the database, and recovers when it is back', async () => {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const down = await api.http().get('/api/v1/health').expect(503);
      expect(down.body).toEqual({ status: 'unavailable', database: 'down', redis: 'up' });
      const unready = await api.http().get('/api/v1/health/ready').expect(503);
      expect(unready.body).toEqual({ status: 'unavailable', database: 'down', redis: 'up', migrations: 'unknown' });
      await api.http().get('/api/v1/health/live').expect(200);

      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      const up = await api.http().get('/api/v1/health').expect(200);
      expect(up.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    });
  });
});
