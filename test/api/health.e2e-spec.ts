import SwaggerParser from '@apidevtools/swagger-parser';
import { startTestApi, type TestApi } from '../support/test-api.js';

type Operation = {
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

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

  describe('the OpenAPI document', () => {
    let document: Document;
    beforeAll(async () => {
      document = (await api.http().get('/api/docs-json').expect(200)).body as Document;
    });

    it('is valid OpenAPI 3.1 to an independent validator', async () => {
      expect(document.openapi).toBe('3.1.0');
      // The validator dereferences in place: it gets its own copy.
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    });

    it('marks the operations that need no sign-in as public, and only those', () => {
      const security = (path: string, method: string) => document.paths[path]![method]!.security;
      for (const [path, method] of [
        ['/api/v1/events/public', 'get'],
        ['/api/v1/events/{id}', 'get'],
        ['/api/v1/upload/files/{key}', 'get'],
        ['/api/v1/invoices/{id}/file', 'get'],
        ['/api/v1/payments/webhook', 'post'],
        ['/api/v1/notifications/push-config', 'get'],
        ['/api/v1/auth/login', 'post'],
        ['/api/v1/community/posts/interactions', 'get'],
        ['/api/v1/community/posts/{id}/comments', 'get'],
        ['/api/v1/ratings/influencer/{id}', 'get'],
        ['/api/v1/ratings/influencer/{id}/stats', 'get'],
      ] as const) {
        expect([path, security(path, method)]).toEqual([path, [{}, { bearer: [] }]]);
      }
      expect(security('/api/v1/users/me', 'get')).toEqual([{ bearer: [] }]);
      expect(security('/api/v1/admin/support/jobs', 'get')).toEqual([{ bearer: [] }]);
      expect(security('/api/v1/community/posts', 'post')).toEqual([{ bearer: [] }]);
      expect(security('/api/v1/ratings', 'post')).toEqual([{ bearer: [] }]);
    });

    it('lists the error answers of every operation, in the error body', () => {
      const operations = operationsOf(document);
      expect(operations.length).toBeGreaterThan(80);
      for (const { path, method, operation } of operations) {
        const statuses = Object.keys(operation.responses);
        const isPublic = operation.security?.some((requirement) => Object.keys(requirement).length === 0);
        const expected = ['400', '401', '404', '503', 'default', ...(isPublic ? [] : ['403'])];
        if (['post', 'put', 'patch', 'delete'].includes(method)) expected.push('409', '429');
        expect([method, path, statuses]).toEqual([method, path, expect.arrayContaining(expected)]);
        expect(operation.responses['404']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    });
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
