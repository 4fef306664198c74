import type { Response } from 'supertest';
import { bearer, signUp, uniqueEmail, type SignedUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

/** The one wire format for every failure: exactly `{ "error": "<message>", "code": "<code>" }`, as JSON. */
function expectErrorShape(response: Response, status: number, message?: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(response.body)).toEqual(['error', 'code']);
  expect(typeof response.body.error).toBe('string');
  expect(response.body.error.length).toBeGreaterThan(0);
  expect(response.body.code).toMatch(/^[a-z_]+$/);
  if (message !== undefined) expect(response.body.error).toBe(message);
  expect(response.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(response.headers['x-request-id']).toEqual(expect.any(String));
}

describe('error responses', () => {
  let api: TestApi;
  let fan: SignedUp;
  beforeAll(async () => {
    api = await startTestApi();
    fan = await signUp(api);
  });
  afterAll(async () => {
    await api.close();
  });

  describe('unknown routes', () => {
    it.each([
      ['GET', '/api/v1/no-such-thing'],
      ['POST', '/api/v1/no-such-thing'],
      ['PUT', '/api/v1/users'],
      ['DELETE', '/api/v1/auth/login'],
      ['GET', '/api/v1/auth/register'],
      ['PATCH', '/api/v1/users/me'],
      ['GET', '/no-prefix'],
      ['GET', '/api/v2/health'],
    ])('%s %s is 404 "Not found"', async (method, path) => {
      const request = api.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'](path);
      expectErrorShape(await request, 404, 'Not found');
    });

    it.each([
      ['a malformed percent-encoding', '/api/v1/events/%E0%A4%A', 400, 'The address of this request is not valid'],
      [
        "a path parameter over the router's length limit",
        `/api/v1/events/${'a'.repeat(500)}`,
        414,
        'The address of this request is too long',
      ],
      ['an over-long file key', `/api/v1/upload/files/${'b'.repeat(500)}`, 414, 'The address of this request is too long'],
    ])('refuses %s in the same shape, without echoing the path', async (_case, path, status, message) => {
      const response = await api.http().get(path).set(bearer(fan.token));
      expectErrorShape(response, status, message);
      expect(response.text).not.toContain('aaaa');
      expect(response.text).not.toContain('%E0');
    });

    it('is 404 with a token too, and does not echo the path back', async () => {
      const response = await api.http().get('/api/v1/admin/<script>alert(1)</script>').set(bearer(fan.token));
      expectErrorShape(response, 404, 'Not found');
      expect(response.text).not.toContain('script');
    });
  });

  describe('every kind of refusal has the same shape', () => {
    it.each<[string, () => Promise<Response>, number]>([
      ['validation', () => api.http().post('/api/v1/auth/register').send({ email: 'x@example.in' }), 400],
      ['malformed JSON', () => api.http().post('/api/v1/auth/login').set('Content-Type', 'application/json').send('{'), 400],
      ['empty JSON body', () => api.http().post('/api/v1/auth/check-mobile').set('Content-Type', 'application/json').send(''), 400],
      ['no token', () => api.http().put('/api/v1/users/me').send({}), 401],
      ['bad token', () => api.http().put('/api/v1/users/me').set(bearer('nope')).send({}), 401],
      ['wrong password', () => api.http().post('/api/v1/auth/login').send({ email: fan.user.email, password: 'wrong-password' }), 401],
      ['admin only', () => api.http().get('/api/v1/admin/queues').set(bearer(fan.token)), 403],
      ['not found', () => api.http().get('/api/v1/users/2b7e1516-28ae-4d2a-9f1b-8e0c4d3a2f10').set(bearer(fan.token)), 404],
      [
        'conflict',
        () => api.http().post('/api/v1/auth/register').send({ email: fan.user.email, password: 'a-good-password', name: 'X' }),
        409,
      ],
      [
        'too large',
        () =>
          api
            .http()
            .post('/api/v1/auth/login')
            .send({ email: 'a@b.in', password: 'p'.repeat(api.config.BODY_LIMIT_BYTES) }),
        413,
      ],
      ['unsupported type', () => api.http().post('/api/v1/auth/login').set('Content-Type', 'application/xml').send('<email/>'), 415],
    ])('%s', async (_case, send, status) => {
      expectErrorShape(await send(), status);
    });
  });

  describe('bad bodies change nothing on any endpoint', () => {
    const endpoints: Array<[string, 'post' | 'put', string, boolean]> = [
      ['register', 'post', '/api/v1/auth/register', false],
      ['login', 'post', '/api/v1/auth/login', false],
      ['oldLogin', 'post', '/api/v1/auth/oldLogin', false],
      ['check-mobile', 'post', '/api/v1/auth/check-mobile', false],
      ['profile update', 'put', '/api/v1/users/me', true],
    ];

    async function snapshot() {
      const users = await api.db.query('SELECT * FROM users ORDER BY id');
      return { users: users.rows, sessions: await countRows(api.db, 'session'), events: await countRows(api.db, 'outbox_event') };
    }

    it.each(endpoints)(
      '%s: malformed JSON, oversize, non-object and prototype-poisoning bodies are refused',
      async (_name, method, path, authed) => {
        const before = await snapshot();
        const send = (contentType: string, raw: string) => {
          const request = api.http()[method](path).set('Content-Type', contentType);
          return (authed ? request.set(bearer(fan.token)) : request).send(raw);
        };

        expectErrorShape(await send('application/json', '{"email": "a@b.in",'), 400, 'Malformed JSON in request body');
        // An empty JSON body is "no body": refused by the schema, since these endpoints need one.
        expectErrorShape(await send('application/json', ''), 400, 'body: Expected an object');
        expectErrorShape(await send('application/json', '"just text"'), 400);
        expectErrorShape(await send('application/json', '[1, 2, 3]'), 400);
        expectErrorShape(
          await send('application/json', `{"name":"x","bio":"${'z'.repeat(api.config.BODY_LIMIT_BYTES)}"}`),
          413,
          'Request body is too large',
        );
        expectErrorShape(
          await send(
            'application/json',
            `{"email":"${uniqueEmail()}","password":"a-good-password","name":"P","__proto__":{"role":"admin"}}`,
          ),
          400,
          'Malformed JSON in request body',
        );
        expectErrorShape(
          await send(
            'application/json',
            `{"email":"${uniqueEmail()}","password":"a-good-password","name":"P","constructor":{"prototype":{"role":"admin"}}}`,
          ),
          400,
          'Malformed JSON in request body',
        );
        // text/plain is read as a string, which is not an object; types with no parser are not read at all.
        expectErrorShape(await send('text/plain', '{"email":"a@b.in"}'), 400, 'body: Expected an object');
        expectErrorShape(await send('text/csv', 'email\na@b.in'), 415, 'Unsupported content type');

        expect(await snapshot()).toEqual(before);
      },
    );
  });

  describe('text with a NUL character (PostgreSQL text cannot hold U+0000)', () => {
    it.each<[string, () => Promise<Response>, string]>([
      [
        'register',
        () => api.http().post('/api/v1/auth/register').send({ email: uniqueEmail(), password: 'a-good-password', name: 'Nu\u0000l' }),
        'name',
      ],
      ['login', () => api.http().post('/api/v1/auth/login').send({ email: 'nu\u0000l@example.in', password: 'a-good-password' }), 'email'],
      [
        'profile update',
        () =>
          api
            .http()
            .put('/api/v1/users/me')
            .set(bearer(fan.token))
            .send({ bio: 'hi\u0000', interests: ['ok', 'b\u0000d'] }),
        'bio',
      ],
      [
        'event create',
        () => api.http().post('/api/v1/events').set(bearer(fan.token)).send({ title: 'Jam\u0000', date: '2031-01-01T10:00:00Z' }),
        'title',
      ],
      ['event filter', () => api.http().get('/api/v1/events/filter').query({ city: 'Pune\u0000' }).set(bearer(fan.token)), 'city'],
      ['public filter', () => api.http().get('/api/v1/events/public/filter').query({ eventType: '\u0000' }), 'eventType'],
    ])('%s: 400 naming the field (not a 500), nothing written', async (_case, send, field) => {
      const snapshot = async () => ({
        users: await countRows(api.db, 'users'),
        events: await countRows(api.db, 'event'),
        fan: (await api.db.query('SELECT bio, interests FROM users WHERE id = $1', [fan.user.id])).rows,
      });
      const before = await snapshot();
      expectErrorShape(await send(), 400, `${field}: must not contain the NUL character (U+0000)`);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('unexpected failures', () => {
    it('answer 500 with a generic message and no internals, and recover', async () => {
      await api.db.query('ALTER TABLE session RENAME TO session_gone');
      let response: Response;
      try {
        response = await api.http().get(`/api/v1/users/${fan.user.id}`).set(bearer(fan.token));
      } finally {
        await api.db.query('ALTER TABLE session_gone RENAME TO session');
      }
      expectErrorShape(response, 500, 'Something went wrong. Please try again.');
      expect(response.text).not.toMatch(/session|relation|QueryFailedError|SELECT/i);

      await api.http().get(`/api/v1/users/${fan.user.id}`).set(bearer(fan.token)).expect(200);
    });
  });

  describe('an empty body sent as JSON', () => {
    it("is treated as no body on the spec's empty-body endpoints (logout), not as malformed JSON", async () => {
      const { token } = await signUp(api);
      await api.http().post('/api/v1/auth/logout').set(bearer(token)).set('Content-Type', 'application/json').send('').expect(200);
      await api.http().get(`/api/v1/users/00000000-0000-0000-0000-000000000000`).set(bearer(token)).expect(401);
    });

    it('is still refused where a body is required', async () => {
      const response = await api.http().post('/api/v1/auth/register').set('Content-Type', 'application/json').send('').expect(400);
      expect(response.body).toEqual({ error: 'body: Expected an object', code: 'validation' });
    });
  });
});
