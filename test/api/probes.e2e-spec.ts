import { Readiness } from '../../api/src/platform/health/readiness.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('the liveness and readiness probes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('reports live, and ready with PostgreSQL, Redis and the schema this build expects', async () => {
    await api.http().get('/api/v1/health/live').expect(200, { status: 'ok' });
    const ready = await api.http().get('/api/v1/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up', redis: 'up', migrations: 'current' });
  });

  it('is not ready while the newest migration this build knows is not applied (a rollout ahead of its migration)', async () => {
    const { rows } = await api.db.query<{ id: number; timestamp: string; name: string }>(
      'DELETE FROM migrations WHERE "timestamp" = (SELECT max("timestamp") FROM migrations) RETURNING id, "timestamp", name',
    );
    try {
      const behind = await api.http().get('/api/v1/health/ready').expect(503);
      expect(behind.body).toEqual({ status: 'unavailable', database: 'up', redis: 'up', migrations: 'behind' });
      await api.http().get('/api/v1/health/live').expect(200);
    } finally {
      const [row] = rows;
      await api.db.query('INSERT INTO migrations (id, "timestamp", name) VALUES ($1, $2, $3)', [row!.id, row!.timestamp, row!.name]);
    }
    await api.http().get('/api/v1/health/ready').expect(200);
  });

  it('turns unready the moment a shutdown begins, while still serving requests', async () => {
    api.app.get(Readiness).drain();
    const ready = await api.http().get('/api/v1/health/ready').expect(503);
    expect(ready.body).toEqual({ status: 'shutting down' });
    const served = await api.http().get('/api/v1/health').expect(200);
    // Keep-alive clients are told to reconnect, so the load balancer can send them elsewhere.
    expect(served.headers.connection).toBe('close');
  });

  it('honours a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await api.http().get('/api/v1/health/live').set('x-request-id', 'checkout-7f3a.1');
    expect(kept.headers['x-request-id']).toBe('checkout-7f3a.1');
    const replaced = await api.http().get('/api/v1/health/live').set('x-request-id', 'two words {"injected": true}');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
