import { startTestApi, type TestApi } from '../support/test-api.js';

describe('GET /api/v1/health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('reports database and Redis up', async () => {
    const response = await api.http().get('/api/v1/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers unknown paths with a 404 in the error shape', async () => {
    const response = await api.http().get('/api/v1/no-such-thing').expect(404);
    expect(response.body).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('serves the OpenAPI document built from the zod schemas', async () => {
    const response = await api.http().get('/api/docs-json').expect(200);
    const register = response.body.paths['/api/v1/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['email', 'password', 'name']));
  });

  it('sends security headers', async () => {
    const response = await api.http().get('/api/v1/health');
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'cross-origin',
    });
    // ...on errors too.
    const missing = await api.http().get('/api/v1/no-such-thing');
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });
});
